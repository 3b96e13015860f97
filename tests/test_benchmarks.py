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
    text = run("engine_speed.py", "--games", "30", "--repeat", "1", "--players", "2", "10")
    for n in ("2", "10"):
        ratio = re.search(rf"^\s*{n} ratio uno_lessons / rlcard: games/s ([0-9.]+) \(runs ([0-9.]+)-([0-9.]+)\), "
                          rf"moves/s ([0-9.]+)$", text, re.M)
        assert ratio and float(ratio.group(1)) > 0 and float(ratio.group(4)) > 0, text
        assert float(ratio.group(2)) <= float(ratio.group(1)) <= float(ratio.group(3))
        ours = re.search(rf"^\s*{n} uno_lessons\s+(\d+)\s+(\d+)\s+([0-9.]+)$", text, re.M)
        assert ours and int(ours.group(1)) > 0 and float(ours.group(3)) > 1
        theirs = re.search(rf"^\s*{n} rlcard 1.2\s+(\d+)\s+(\d+)\s+([0-9.]+)\s+\((\d+) games ended", text, re.M)
        assert theirs and int(theirs.group(1)) > 0


def test_engine_speed_drives_both_engines_with_the_same_policy():
    """Both sides play whole games; uno_lessons deals every game from one Generator, so its
    games repeat for the same seed (RLCard's too: one seeded RandomState)."""
    import sys

    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import engine_speed
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    assert engine_speed.play_ours(4, 5, 3) == engine_speed.play_ours(4, 5, 3)
    # The interleaving plays a run in chunks: chunks of one player are the same games as one loop.
    play = engine_speed.ours(4, 3)
    first, rest = play(2), play(3)
    assert (first[0] + rest[0], first[1] + rest[1], 0) == engine_speed.play_ours(4, 5, 3)
    play_rl = engine_speed.rlcard(4, 3)
    first, rest = play_rl(2), play_rl(3)
    assert tuple(a + b for a, b in zip(first, rest, strict=True)) == engine_speed.play_rlcard(4, 5, 3)
    games, moves, errors = engine_speed.play_rlcard(4, 5, 3)
    assert games == 5 and moves > 5 * 10 and errors >= 0
    assert engine_speed.play_rlcard(4, 5, 3) == (games, moves, errors)


def test_mc_speed_prints_both_timings_and_the_ratio():
    text = run("mc_speed.py", "--deals", "2000", "--repeat", "1", "--loop-repeat", "1", "--games", "5")
    assert re.search(r"ratio|speed-up|x faster", text, re.I)
    assert re.search(r"games/s", text)
    assert "same winners and points: yes" in text


def test_class_soak_plays_through_a_lock_and_a_killed_kernel_and_loses_nothing():
    """Six light clients at one class table for 45 s on SQLite: another process holds the
    write lock past the busy timeout, a learner's kernel is killed and the page reloaded.
    The figures are printed; that the store holds every click the pages showed as stored,
    once, is a check of the product, not of the benchmark."""
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "class_soak.py"), "--pages", "6",
                          "--minutes", "0.75", "--store", "sqlite", "--faults", "lock,kill", "--busy", "2",
                          "--kill-who", "learner"],
                         capture_output=True, text=True, timeout=240, cwd=ROOT)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    text = out.stdout
    moves = re.search(r"^  moves: (\d+) records in the store", text, re.M)
    assert moves and int(moves.group(1)) > 0, text
    lost = re.search(r"^  lost: (\d+) ", text, re.M)
    assert lost and int(lost.group(1)) == 0, text
    assert re.search(r"^  duplicated: \d+ ", text, re.M), text
    assert re.search(r"^  store replays: ", text, re.M), text
    assert re.search(r"^  errors shown: \d+ on \d+ of 6 pages", text, re.M), text
    assert re.search(r"^  pages converged: \d+/12 page-faults within 2 s", text, re.M), text
    assert re.search(r"^    lock at .*write lock held", text, re.M), text
    assert re.search(r"^    kill at .*kernel of page\d \(learner seat \d\) killed", text, re.M), text
    assert text.startswith("# command: ") and "cores, load average" in text


def test_agents_speed_prints_steps_per_second_and_the_ratio_for_each_player_count():
    text = run("agents_speed.py", "--steps", "300", "--repeat", "1", "--players", "2", "10")
    assert text.startswith("# command: ") and "cores, load average" in text
    # RLCard's UNO env seats two whatever it is asked: the table says so where it differs.
    assert re.search(r"^\s*10 \(RLCard's env was asked for 10 players and seated 2", text, re.M), text
    assert not re.search(r"^\s*2 \(RLCard's env was asked", text, re.M), text
    for n in ("2", "10"):
        ratio = re.search(rf"^\s*{n} ratio uno_lessons / rlcard: steps/s ([0-9.]+); batch / rlcard: ([0-9.]+)$",
                          text, re.M)
        assert ratio and float(ratio.group(1)) > 0 and float(ratio.group(2)) > 0, text
        runs = re.search(rf"^\s*{n} ratios per run: env ([0-9.]+)-([0-9.]+), batch ([0-9.]+)-([0-9.]+)$", text, re.M)
        assert runs and float(runs.group(1)) <= float(ratio.group(1)) <= float(runs.group(2)), text
        batch = re.search(rf"^\s*{n} batch\s+(\d+)\s+(\d+)\s+(\d+)\s+([0-9.]+)$", text, re.M)
        assert batch and int(batch.group(1)) > 0, text
        ours = re.search(rf"^\s*{n} uno_lessons\s+(\d+)\s+(\d+)\s+(\d+)\s+([0-9.]+)$", text, re.M)
        assert ours and int(ours.group(1)) > 0 and float(ours.group(4)) > 1, text
        theirs = re.search(rf"^\s*{n} rlcard 1.2\s+(\d+)\s+(\d+)\s+(\d+)\s+([0-9.]+)\s+\((\d+) games ended", text, re.M)
        assert theirs and int(theirs.group(1)) > 0, text


def test_agents_speed_drives_both_envs_with_seeded_random_legal_actions():
    """Each side plays whole games, the same ones for the same seed; an illegal action would
    raise in uno_lessons' env, so every step made was legal."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import agents_speed
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    steps, hands, _ = agents_speed.run_ours(4, 200, 3)
    assert steps >= 200 and hands >= 1
    assert agents_speed.run_ours(4, 200, 3) == (steps, hands, 0)
    made, games, errors = agents_speed.run_rlcard(4, 200, 3)
    assert made >= 200 and games >= 1 and errors >= 0
    assert agents_speed.run_rlcard(4, 200, 3) == (made, games, errors)
    # RLCard's UNO env seats two players whatever it is asked for; the benchmark reads it.
    assert agents_speed.seated[4] == 2


def test_lesson_times_prints_a_row_per_lesson_with_its_run_time():
    text = run("lesson_times.py", "--notebooks", "02_matching", "--runs", "1", "--no-voila")
    row = re.search(r"^\| 02_matching \| (\d+) min \| ([0-9.]+) s \([0-9.]+–[0-9.]+\) \| cell (\d+): ([0-9.]+) s \| "
                    r"not measured \|$", text, re.M)
    assert row and int(row.group(1)) > 0 and float(row.group(2)) > 0, text
    assert float(row.group(4)) <= float(row.group(2))


def test_coach_benchmark_prints_strength_speed_review_and_rate_in_its_quick_mode():
    text = run("coach.py", "--quick")
    assert re.search(r"^  paired difference\s+-?[0-9.]+ ± [0-9.]+ \(n=6\)", text, re.M), text
    assert re.search(r"^  coach's seat won\s+[0-9.]+ ± [0-9.]+ \(n=6\)", text, re.M), text
    for n in ("2", "4"):
        row = re.search(rf"^\s+{n}\s+([0-9.]+)s\s+[0-9.]+s-[0-9.]+s", text, re.M)
        assert row and float(row.group(1)) > 0, text
    review = re.search(r"^  hand 1: (\d+) actions, (\d+) decisions weighed", text, re.M)
    assert review and 0 < int(review.group(2)) <= int(review.group(1)), text
    assert re.search(r"rollouts / games ([0-9.]+)$", text, re.M), text
    assert text.startswith("# load average before: ")
