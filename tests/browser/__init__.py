"""Browser tests (headless Chromium + Voilà); a package so its module names stay apart from tests/."""
