"""The engine and Monte Carlo benchmarks run end to end and print what they measured.

Timing is not asserted here (that is the benchmarks' job, as a ratio in one run); these
tests only prove the scripts work, so the README's figures can be reproduced.
"""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(script: str, *args: str) -> str:
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), *args],
                         capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_engine_speed_prints_rates_and_ratio_for_each_player_count():
    text = run("engine_speed.py", "--games", "30", "--repeat", "1", "--players", "2", "4")
    for n in ("2", "4"):
        ratio = re.search(rf"^\s*{n} ratio \(games/s, uno_lessons / rlcard\): ([0-9.]+)$", text, re.M)
        assert ratio and float(ratio.group(1)) > 0
        ours = re.search(rf"^\s*{n} uno_lessons\s+(\d+)\s+(\d+)\s+([0-9.]+)$", text, re.M)
        assert ours and int(ours.group(1)) > 0 and float(ours.group(3)) > 1


def test_mc_speed_prints_both_timings_and_the_ratio():
    text = run("mc_speed.py", "--deals", "2000", "--repeat", "1", "--loop-repeat", "1", "--games", "5")
    assert re.search(r"ratio|speed-up|x faster", text, re.I)
    assert re.search(r"games/s", text)
