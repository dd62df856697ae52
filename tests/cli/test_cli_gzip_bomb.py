"""A compressed answer that inflates without end is refused once the decoded count passes the cap, not read to its end."""

from __future__ import annotations

import threading
import zlib
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tests.cli.conftest import run_cli

MIB = 1 << 20
BOMB_MIB = 256 * 1024
"""What the answer would inflate to: 256 GiB, about 260 MB on the wire (1,038 bytes per MiB of "A")."""


class _Counts:
    """Bytes each request's answer got onto the wire, known once its handler has finished."""

    def __init__(self) -> None:
        self.sent: list[int] = []
        self.started = 0
        self._done = threading.Condition()

    def start(self) -> None:
        with self._done:
            self.started += 1

    def finish(self, count: int) -> None:
        with self._done:
            self.sent.append(count)
            self._done.notify_all()

    def settled(self) -> list[int]:
        """Every request's count, once each handler has seen the client hang up (a generous bound, not a timing)."""
        with self._done:
            self._done.wait_for(lambda: len(self.sent) == self.started, timeout=300)
            return list(self.sent)


class GzipBomb:
    """A real HTTP server answering every POST with a JSON-RPC body compressed on the fly, counting the bytes it sent.

    Each MiB of the body is one compressed block repeated (a full flush between blocks makes them
    identical), so the server spends nothing making it and the count is what reached the socket.
    """

    def __init__(self, encoding: str, content_type: str) -> None:
        self.counts = _Counts()
        """Bytes sent per request (the client may try a second handshake after refusing the first)."""
        self.total = 0
        bomb = owner = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self) -> None:  # the standard library's name
                self.rfile.read(int(self.headers.get("content-length") or 0))
                packer = zlib.compressobj(9, zlib.DEFLATED, 31 if encoding == "gzip" else 15)
                opening = (
                    b'{"jsonrpc":"2.0","id":1,"result":{"padding":"'
                    if "json" in content_type
                    else b'event: message\ndata: {"p":"'
                )
                head = packer.compress(opening) + packer.flush(zlib.Z_FULL_FLUSH)
                block = packer.compress(b"A" * MIB) + packer.flush(zlib.Z_FULL_FLUSH)
                piece = block * 64
                bomb.total = len(head) + len(block) * BOMB_MIB
                self.send_response(200)
                self.send_header("content-type", content_type)
                self.send_header("content-encoding", encoding)
                self.send_header("content-length", str(bomb.total))
                self.end_headers()
                count = 0
                owner.counts.start()
                try:
                    self.wfile.write(head)
                    count += len(head)
                    for _ in range(BOMB_MIB // 64):
                        self.wfile.write(piece)
                        count += len(piece)
                except OSError:
                    pass  # the client hung up: what it refused is all it got
                owner.counts.finish(count)

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/mcp"


@pytest.fixture
def serve_bomb() -> Iterator[object]:
    started: list[GzipBomb] = []

    def start(encoding: str, content_type: str) -> GzipBomb:
        bomb = GzipBomb(encoding, content_type)
        threading.Thread(target=bomb.server.serve_forever, daemon=True).start()
        started.append(bomb)
        return bomb

    yield start
    for bomb in started:
        bomb.server.shutdown()
        bomb.server.server_close()


@pytest.mark.parametrize("encoding", ["gzip", "deflate"])
@pytest.mark.parametrize("content_type", ["application/json", "text/event-stream"])
def test_an_endless_compressed_answer_is_refused_after_the_cap_is_decoded(serve_bomb, encoding, content_type):
    bomb = serve_bomb(encoding, content_type)
    done = run_cli("list", bomb.url, "--timeout", "120")
    assert done.code == 3, done.err
    assert "larger than 67,108,864 bytes" in done.err and "Traceback" not in done.err
    # 64 MiB decoded is ~66 KB of this body; socket buffers on both sides hold at most a few tens of MB more.
    # Reading on to the end (or to a timeout) would have taken all ~260 MB.
    sent = bomb.counts.settled()
    assert sent and all(0 < count < bomb.total // 4 for count in sent), f"{sent} of {bomb.total:,} bytes sent"


class SseFlood:
    """A legacy HTTP+SSE server whose event stream, after its endpoint event, is a compressed flood of comments.

    No event carries data, so none is a message: the flood must count as one message would.
    """

    def __init__(self) -> None:
        self.counts = _Counts()
        self.total = 0
        flood = owner = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self) -> None:  # the standard library's name
                packer = zlib.compressobj(9, zlib.DEFLATED, 31)
                head = packer.compress(b"event: endpoint\ndata: /messages\n\n") + packer.flush(zlib.Z_FULL_FLUSH)
                comment = b": " + b"k" * 1018 + b"\n\n"
                block = packer.compress(comment * (MIB // len(comment))) + packer.flush(zlib.Z_FULL_FLUSH)
                piece = block * 64
                flood.total = len(head) + len(block) * BOMB_MIB
                self.send_response(200)
                self.send_header("content-type", "text/event-stream")
                self.send_header("content-encoding", "gzip")
                self.send_header("content-length", str(flood.total))
                self.end_headers()
                count = 0
                owner.counts.start()
                try:
                    self.wfile.write(head)
                    count += len(head)
                    for _ in range(BOMB_MIB // 64):
                        self.wfile.write(piece)
                        count += len(piece)
                except OSError:
                    pass
                owner.counts.finish(count)

            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("content-length") or 0))
                self.send_response(202)
                self.send_header("content-length", "0")
                self.end_headers()

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/sse"


def test_a_compressed_flood_of_empty_events_on_the_legacy_stream_is_refused(tmp_path):
    flood = SseFlood()
    threading.Thread(target=flood.server.serve_forever, daemon=True).start()
    try:
        config = tmp_path / "skillscope.yaml"
        config.write_text(f"servers:\n  old: {{url: '{flood.url}', type: sse}}\n", encoding="utf-8")
        done = run_cli(
            "list",
            "old",
            "--config",
            str(config),
            "--timeout",
            "300",
            env={"XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "cfg")},
        )
    finally:
        flood.server.shutdown()
        flood.server.server_close()
    assert done.code == 3, done.err
    assert "larger than 67,108,864 bytes" in done.err and "Traceback" not in done.err
    sent = flood.counts.settled()
    assert sent and all(0 < count < flood.total // 4 for count in sent), f"{sent} of {flood.total:,} bytes sent"
