"""The ``uno-lessons`` command without a server: addresses, the terminal, copying a course.

(Serving for real, from a wheel installed outside the repository, is in
``tests/browser/test_wheel.py``; a page opened at another address in
``tests/browser/test_network.py``.)
"""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from table_backends import free_port

from uno_lessons.cli import main, parser
from uno_lessons.cli import serve as srv
from uno_lessons.i18n import LANGUAGES
from uno_lessons.voila import network as net
from uno_lessons.voila import servers, shipped


def test_links_for_learners_come_from_an_address_they_can_reach():
    on_network = {net.NETWORK_ENV: "http://10.0.0.5:8866/"}
    # The teacher opened the page on this machine's own name: learners get the network address.
    assert net.learners_base("http://127.0.0.1:8866/", on_network) == "http://10.0.0.5:8866/"
    assert net.learners_base("http://localhost:8866/voila/render/dashboard.ipynb", on_network) == \
        "http://10.0.0.5:8866/voila/render/dashboard.ipynb"
    # An address someone typed is one others can type too (another loopback, a name, an IP).
    assert net.learners_base("http://127.0.0.2:8866/", on_network) == "http://127.0.0.2:8866/"
    assert net.learners_base("http://uno.school:8866/?x=1", on_network) == "http://uno.school:8866/"
    # Served on loopback only: nothing better to hand out than the page's own address.
    assert net.learners_base("http://127.0.0.1:8866/", {}) == "http://127.0.0.1:8866/"
    # --public-url wins over everything.
    assert net.learners_base("http://127.0.0.2:8866/", {**on_network, net.PUBLIC_ENV: "https://uno.school"}) \
        == "https://uno.school/"


def test_short_addresses_are_what_a_person_types():
    assert net.short_address("http://10.0.0.5:8866/") == "10.0.0.5:8866"
    assert net.short_address("https://uno.school/") == "https://uno.school"
    assert net.short_address("http://h:1/voila/render/dashboard.ipynb") == "h:1/voila/render/dashboard.ipynb"


def test_a_join_card_says_when_learners_devices_cannot_reach_its_address():
    from uno_lessons.dashboard.join_card import join_card_html

    for local in ("http://127.0.0.1:8866/", "http://localhost:8866/", "http://[::1]:8866/", "http://127.0.1.1:8866/"):
        assert net.this_machine_only(local), local
        card = join_card_html(local, "K7QM3X")
        assert "class='uno-join-warning' role='note'" in card
        assert "cannot join yet" in card and "uno-lessons serve --network" in card
        assert card.index("uno-join-warning") < card.index("uno-join-steps")  # read first
    for reachable in ("http://192.168.1.20:8866/", "https://uno.school.example/services/uno/"):
        assert not net.this_machine_only(reachable)
        assert "uno-join-warning" not in join_card_html(reachable, "K7QM3X")


def test_where_the_server_listens_and_what_learners_type():
    assert net.listen_address(None, False) == "127.0.0.1"  # loopback stays the default
    assert net.listen_address(None, True) == "0.0.0.0"
    assert net.listen_address("127.0.0.2", False) == "127.0.0.2"
    assert net.learners_host("127.0.0.1") is None
    assert net.learners_host("127.0.0.2") == "127.0.0.2"
    found = net.network_addresses()
    assert all(not a.startswith("127.") for a in found)
    assert net.learners_host("0.0.0.0") == (found[0] if found else None)


def test_the_servers_environment_tells_pages_the_learners_address():
    opts = servers.ServeOptions(port=9000, host="127.0.0.2", class_size=30, lang="nl", store="memory://x")
    env = servers.server_env(opts, base={})
    assert env[net.NETWORK_ENV] == "http://127.0.0.2:9000/"
    assert env["UNO_LESSONS_LANG"] == "nl" and env["UNO_LESSONS_STORE"] == "memory://x"
    assert env["UNO_LESSONS_SPARE"] == "0" and env["PYDEVD_DISABLE_FILE_VALIDATION"] == "1"
    assert net.NETWORK_ENV not in servers.server_env(servers.ServeOptions(), base={net.NETWORK_ENV: "stale"})


def test_both_servers_use_the_projects_voila_configuration():
    opts = servers.ServeOptions(port=9000, class_size=12)
    dash = servers.dashboard_command(opts)
    assert dash[1:3] == ["-m", "uno_lessons.voila.private"] and dash[3].endswith("dashboard.ipynb")
    # On a private Unix socket (named by the environment): no port, no address on the command line.
    assert not [a for a in dash if "--port" in a or "Voila.ip" in a]
    pools = json.loads(next(a for a in dash if "kernel_pools_config" in a).split("=", 1)[1])
    # 12, the teacher's tabs and the projector (4), and a few for reloads; refilled at once.
    assert pools == {"dashboard.ipynb": {"pool_size": 18}} and "--VoilaKernelManager.fill_delay=0" in dash
    assert servers.class_pool(30) == 37 and servers.class_pool(5) == 11
    lessons = servers.lessons_command(opts)
    assert lessons[3] == str(shipped.folder("notebooks")) and not [a for a in lessons if "--port" in a]
    pools = json.loads(next(a for a in lessons if "kernel_pools_config" in a).split("=", 1)[1])
    assert pools["dashboard.ipynb"] == {"pool_size": 0} and pools["01_setup.ipynb"] == {"pool_size": 1}
    assert (shipped.voila_config_dir() / "voila.json").is_file()
    # A teacher's own option takes the place of ours of the same name (traitlets refuses one given twice).
    loud = servers.dashboard_command(servers.ServeOptions(extra=["--Voila.log_level=INFO", "--foo=1"]))
    assert [a for a in loud if a.startswith("--Voila.log_level")] == ["--Voila.log_level=INFO"] and "--foo=1" in loud


def test_the_terminal_says_what_a_teacher_needs_and_hides_the_noise():
    with_network = srv.banner(servers.ServeOptions(port=9000, host="10.0.0.5", class_size=30), "/data/tables.db")
    text = "\n".join(with_network)
    assert "Learners type: http://10.0.0.5:9000/" in text and "class of 30" in text
    # "Ready" only once the pages are (serve.say_when_ready); a machine too small says so.
    assert "Ready" not in text and "Preparing 37 pages for a class of 30" in text
    small = "\n".join(srv.class_lines(servers.ServeOptions(class_size=30, max_pages=20)))
    assert "room for 20 pages at once, fewer than the 37" in small
    assert "/data/tables.db" in text and "30 days" in text
    alone = "\n".join(srv.banner(servers.ServeOptions(port=9000), "x"))
    assert "Only this computer" in alone and "--network" in alone
    for line in ("[Voila] WARNING | Notebook dashboard.ipynb is not trusted",
                 "[IPKernelApp] WARNING | Kernel is running over TCP without encryption. All communication",
                 "0.00s - Debugger warning: It seems that frozen modules are being used, which may",
                 "0.00s - to python to disable frozen modules.", "   "):
        assert srv.noise(line), line
    assert not srv.noise("[Voila] ERROR | Uncaught exception GET /")
    closed_tab = ["Task exception was never retrieved\n", "future: <Task finished exception=WebSocketClosedError()>\n",
                  "Traceback (most recent call last):\n", "  File \"/x/tornado/websocket.py\", line 1140\n",
                  "tornado.iostream.StreamClosedError: Stream is closed\n", "tornado.websocket.WebSocketClosedError\n"]
    real = ["Task exception was never retrieved\n", "Traceback (most recent call last):\n", "KeyError: 'x'\n"]
    out = list(srv.quiet_lines([*closed_tab, "[Voila] ERROR | a real error\n", *real, "[Comm] WARNING | No such comm: 51\n"]))
    assert out == ["[Voila] ERROR | a real error\n", *real]
    assert "hunter2" not in srv.store_place(servers.ServeOptions(store="redis://:hunter2@h:6379/0"))


def test_lessons_copies_every_language_of_every_notebook(tmp_path):
    out = io.StringIO()
    sys.stdout, saved = out, sys.stdout
    try:
        assert main(["lessons", str(tmp_path / "course")]) == 0
    finally:
        sys.stdout = saved
    course = tmp_path / "course"
    for name in shipped.FOLDERS:
        source = shipped.folder(name)
        expected = {p.relative_to(source) for p in source.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts}
        got = {p.relative_to(course / name) for p in (course / name).rglob("*.ipynb")}
        assert got == expected and expected
        for lang in (code for code in LANGUAGES if code != "en"):
            assert any(p.parts[0] == lang for p in got), (name, lang)
    assert (course / "notebooks" / "voila.json").is_file()
    assert shipped.FOLDERS == ("notebooks", "exercises") and not (course / "solutions").exists()  # never the answers
    assert "The answers (solutions/) are not copied" in out.getvalue()
    (course / "notebooks" / "01_setup.ipynb").write_text("{}")
    main(["lessons", str(course)])
    assert (course / "notebooks" / "01_setup.ipynb").read_text() == "{}"  # a teacher's edit is kept
    main(["lessons", str(course), "--force"])
    assert (course / "notebooks" / "01_setup.ipynb").read_text() != "{}"


def test_lab_as_root_asks_for_allow_root_and_starts_nothing(monkeypatch, capsys):
    from uno_lessons.cli import course

    monkeypatch.setattr(course, "is_root", lambda: True)
    monkeypatch.setattr(course.subprocess, "call", lambda *a, **k: pytest.fail("JupyterLab must not start"))
    assert main(["lab"]) == 2
    assert "uno-lessons lab --allow-root" in capsys.readouterr().err
    assert course.lab_command(Path("/x"), allow_root=True)[-2:] == ["/x", "--allow-root"]
    assert "--allow-root" not in course.lab_command(Path("/x"))


def test_lab_with_allow_root_starts_jupyterlab_and_says_it_runs_as_root(tmp_path):
    """The real JupyterLab on a copy of the lessons, as the user running the tests (root on CI):
    it starts, and as root it says so; stopped as soon as it serves."""
    port = free_port()
    env = dict(os.environ, JUPYTER_PORT=str(port), BROWSER="true", JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"),
               JUPYTER_CONFIG_DIR=str(tmp_path / "config"))
    env.pop("PYTHONUNBUFFERED", None)  # as in a teacher's terminal: our lines must come first anyway
    proc = subprocess.Popen([sys.executable, "-m", "uno_lessons", "lab", str(tmp_path / "course"), "--allow-root"],
                            cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env=env, start_new_session=True)
    said = []
    try:
        end = time.monotonic() + 120
        while not any(f":{port}/lab" in line for line in said):
            assert proc.poll() is None and time.monotonic() < end, "".join(said)[-3000:]
            said.append(proc.stdout.readline())
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)
        # JupyterLab (the command's child, in its group) may still be shutting down: a test
        # leaves no server behind (five were found running after loaded runs).
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            try:
                os.killpg(proc.pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.2)
        else:
            os.killpg(proc.pid, signal.SIGKILL)
    text = "".join(said)
    assert f"The lessons are in {tmp_path / 'course'}." in text
    assert ("JupyterLab runs as root (--allow-root)" in text) == (os.geteuid() == 0)
    assert "Running as root is not recommended" not in text


def test_the_command_line_names_its_options():
    help_text = parser().format_help()
    assert "serve" in help_text and "lab" in help_text and "lessons" in help_text
    with pytest.raises(SystemExit):
        parser().parse_args(["serve", "--network", "--host", "1.2.3.4"])
    done = subprocess.run([sys.executable, "-m", "uno_lessons", "serve", "--help"], capture_output=True, text=True)
    assert done.returncode == 0 and "--public-url" in done.stdout and "--class" in done.stdout


def test_hub_config_and_hub_service_are_subcommands_passing_their_options_on(tmp_path, capsys):
    from uno_lessons.cli import main

    out = tmp_path / "uno.py"
    assert main(["hub-config", str(out), "--store", "redis://:pw@127.0.0.1:6379/0", "--teacher", "ms-lopez"]) == 0
    text = out.read_text()
    assert "redis://:pw@127.0.0.1:6379/0" in text and "ms-lopez" in text and "uno-teachers" in text
    with pytest.raises(SystemExit) as stop:
        main(["hub-service", "--help"])
    assert stop.value.code == 0
    assert "--teachers" in capsys.readouterr().out
