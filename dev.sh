#!/usr/bin/env bash
# One script for the README's two commands, on a fresh machine with only Python 3.11 and apt:
#   bash dev.sh serve   install, then serve the Voilà dashboard at http://127.0.0.1:8866/ and
#                       the lessons at :8867 (--class 30 preheats 30 kernels for a class;
#                       --lang nl serves Dutch; --network lets learners' devices join)
#   bash dev.sh test    install (Debian's chromium, redis-server and a C compiler too, where
#                       missing), compile the engine's game with mypyc, then run every test
#                       (what CI runs; the engine's tests once more on its Python)
#   bash dev.sh test --fast          the same without the browser tests and the notebooks'
#                                    runs: the edit-test loop (a minute or two); both build
#                                    the docs site (docs/) with warnings as errors
#   bash dev.sh test tests/test_x.py -k name   install, then only pytest with these arguments
# Everything goes into ./.venv so the system Python is left alone.
set -euo pipefail
cd "$(dirname "$0")"

PY=${PYTHON:-python3.11}
command -v "$PY" >/dev/null 2>&1 || PY=python3
VENV=.venv

install_python() {
    if [ ! -x "$VENV/bin/python" ]; then
        "$PY" -m venv "$VENV" || {
            # Debian's python3 lacks ensurepip until python3-venv is installed.
            apt_install python3-venv && "$PY" -m venv "$VENV"
        }
    fi
    "$VENV/bin/python" -m pip install --quiet --upgrade pip
    "$VENV/bin/python" -m pip install --quiet -e ".[$1]"
}

apt_install() {
    local sudo=""
    [ "$(id -u)" = 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null
}

install_gettext() {
    # GNU gettext's msgfmt -c double-checks the catalogs (python -m uno_lessons.tools.translate check).
    command -v msgfmt >/dev/null 2>&1 || apt_install gettext
}

install_chromium() {
    # Playwright cannot download its own browser here; Debian's chromium works headless.
    if [ -z "${CHROMIUM_PATH:-}" ] && ! command -v chromium >/dev/null 2>&1; then
        echo "Installing Debian's chromium for the browser tests…"
        apt_install chromium
    fi
}

install_redis() {
    # The store tests start their own redis-server on a free port (or use $REDIS_URL).
    if [ -z "${REDIS_URL:-}" ] && ! command -v redis-server >/dev/null 2>&1; then
        echo "Installing Debian's redis-server for the table store tests…"
        apt_install redis-server
    fi
}

install_compiler() {
    # mypyc compiles the engine's game (python -m uno_lessons.tools.compile_engine) with a C
    # compiler and Python's headers; where they cannot be had, the engine runs as Python.
    local include
    include=$("$VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
    if ! command -v cc >/dev/null 2>&1 || [ ! -f "$include/Python.h" ]; then
        echo "Installing a C compiler and Python's headers to compile the engine…"
        local version
        version=$("$VENV/bin/python" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')
        apt_install gcc "python$version-dev" || echo "(not installed: the engine runs as Python)"
    fi
}

install_chp() {
    # JupyterHub's proxy, for the hub tests (tests/hub_fixture.py): Node's npm package.
    if ! command -v configurable-http-proxy >/dev/null 2>&1; then
        command -v npm >/dev/null 2>&1 || apt_install npm
        echo "Installing configurable-http-proxy for the hub tests…"
        npm install -g --silent configurable-http-proxy >/dev/null
    fi
}

# Learners read the engine's docstrings (help(), Jupyter's ?), which a mypyc build of it has
# not: the lessons and pages run the engine's Python, even where `dev.sh test` compiled it.
case "${1:-}" in
serve | lab) export UNO_LESSONS_ENGINE=python ;;
esac

case "${1:-}" in
serve)
    # bash dev.sh serve [--class N] [--lang nl|sr|ms|en] [--store URL] [--port P] [--network]
    #                   [--host ADDR] [--public-url URL]: the same as `uno-lessons serve`
    #                   (uno_lessons/cli/serve.py; `uno-lessons serve --help` lists it all).
    shift
    install_python test
    exec "$VENV/bin/uno-lessons" serve "$@"
    ;;
lab)
    install_python test
    exec "$VENV/bin/uno-lessons" lab
    ;;
test)
    shift
    fast=""
    if [ "${1:-}" = "--fast" ]; then fast=1; shift; fi
    install_python "test,bench,docs,typecheck"
    install_redis
    install_gettext
    install_chp
    install_compiler
    export PATH="$PWD/$VENV/bin:$PATH"
    # The engine's game compiled with mypyc from its own source (docs/performance.md); a build
    # runs only while it is current, and where nothing compiles the engine runs as Python.
    echo "== engine: compiled with mypyc where it can be"
    python -m uno_lessons.tools.compile_engine --if-possible
    if [ $# -gt 0 ]; then
        # Arguments go to pytest as they are (one file, -k, -x, -m "not browser"…).
        install_chromium
        exec python -m pytest -p no:cacheprovider "$@"
    fi
    [ -n "$fast" ] || install_chromium
    echo "== ruff"
    ruff check uno_lessons tests benchmarks
    echo "== types: mypy on the package"
    mypy  # no arguments: pyproject.toml's [tool.mypy] names the package and the settings
    echo "== layers: each imports only the layers below it (import-linter, pyproject.toml)"
    lint-imports --no-cache
    echo "== exercises/ in sync with solutions/"
    python -m uno_lessons.tools.exercises build --check
    echo "== translations: catalogs complete and compiled, translated notebooks in sync"
    python -m uno_lessons.tools.translate check
    python -m uno_lessons.tools.translate notebooks --check
    echo "== docs: the Sphinx site, warnings as errors (docs/_build/html)"
    # -E: every page read and written again, so a warning is never hidden by an earlier build.
    python -m sphinx -W --keep-going -E -q -b html docs docs/_build/html
    # Every step runs on every core (pytest-xdist; a test file or a notebook stays on one
    # worker: --dist loadfile, so a file's servers and fixtures are its own); the browser tests
    # come after the rest, each worker with its own Voilà server and Chromium. On 2 cores the
    # browser step took 630 s this way against 882 s one at a time (2026-12-03).
    par=(-n "${UNO_TEST_WORKERS:-auto}" --dist loadfile)
    if [ -n "$fast" ]; then
        echo "== pytest, fast: no browser tests, no notebook runs (CI runs everything)"
        exec python -m pytest -q -p no:cacheprovider "${par[@]}" -m "not browser" tests docs
    fi
    echo "== pytest (unit, widgets, the docs pages' doctests), on every core"
    python -m pytest -q -p no:cacheprovider "${par[@]}" -m "not browser" tests docs
    if python -m uno_lessons.tools.compile_engine --check >/dev/null; then
        # The run above was the compiled engine's: the engine's own tests again on its Python.
        echo "== pytest: the engine's tests again on the engine's Python (UNO_LESSONS_ENGINE=python)"
        UNO_LESSONS_ENGINE=python python -m pytest -q -p no:cacheprovider "${par[@]}" -m "not browser" \
            tests/test_game_*.py tests/test_engine_*.py tests/test_house_*.py tests/test_agents_*.py \
            tests/test_asides.py tests/test_bots.py tests/test_cards.py tests/test_events.py \
            tests/test_hand_tally.py tests/test_moves.py tests/test_properties.py tests/test_rules.py \
            tests/test_saving.py tests/test_scoring.py tests/test_sim_bots.py tests/test_simulation.py \
            tests/test_view.py
    fi
    echo "== pytest (browser tests), on every core"
    python -m pytest -q -p no:cacheprovider "${par[@]}" -m browser tests
    nbs=$(ls notebooks/*.ipynb solutions/*.ipynb 2>/dev/null || true)
    if [ -n "$nbs" ]; then
        echo "== nbval (stored notebook outputs)"
        python -m pytest -q -p no:cacheprovider "${par[@]}" --nbval --nbval-current-env \
            --nbval-sanitize-with tests/nbval_sanitize.cfg -o addopts="" $nbs
    fi
    translated=$(ls notebooks/*/*.ipynb solutions/*/*.ipynb 2>/dev/null || true)
    if [ -n "$translated" ]; then
        echo "== nbval --nbval-lax (translated notebooks run; they store no outputs)"
        python -m pytest -q -p no:cacheprovider "${par[@]}" --nbval-lax --nbval-current-env -o addopts="" $translated
    fi
    ;;
*)
    echo "usage: bash dev.sh serve [options] | test [--fast | PYTEST ARGS] | lab" >&2
    exit 2
    ;;
esac
