"""A real websocket server standing in for Voilà's ``voila/query/<kernel id>`` handler, and
the environment Voilà gives a preheated kernel, for tests of code that waits for its page."""

from __future__ import annotations

import asyncio
import json
import socket
import threading


def serve_queries(query) -> int:
    """Serve ``{"QUERY_STRING": query(kernel_id)}`` to each connection; returns the port."""
    import tornado.web
    import tornado.websocket

    class Handler(tornado.websocket.WebSocketHandler):
        def open(self, kernel_id):
            self.write_message(json.dumps({"QUERY_STRING": query(kernel_id)}))

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    ready = threading.Event()

    def serve():
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        tornado.web.Application([(r"/voila/query/(.*)", Handler)]).listen(port, "127.0.0.1")
        loop.call_soon(ready.set)
        loop.run_forever()

    threading.Thread(target=serve, daemon=True).start()
    ready.wait(10)
    return port


def preheated_env(monkeypatch, port: int, kernel_id: str = "k-1") -> None:
    """What Voilà sets in a kernel of its preheated pool (no QUERY_STRING yet)."""
    for key, value in {"VOILA_PREHEAT": "True", "VOILA_KERNEL_ID": kernel_id, "VOILA_APP_PORT": str(port),
                       "VOILA_APP_IP": "127.0.0.1", "VOILA_SERVER_URL": "/"}.items():
        monkeypatch.setenv(key, value)
    monkeypatch.delenv("QUERY_STRING", raising=False)
