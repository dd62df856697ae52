#!/usr/bin/env python3
"""Static file server or reverse proxy over HTTPS with the mkcert certificate."""
from __future__ import annotations

import argparse
import http.server
import ssl
import urllib.request
from functools import partial
from pathlib import Path

HERE = Path(__file__).resolve().parent


class Proxy(http.server.BaseHTTPRequestHandler):
    target = "http://127.0.0.1:5173"

    def _forward(self) -> None:
        length = int(self.headers.get("content-length") or 0)
        body = self.rfile.read(length) if length else None
        req = urllib.request.Request(self.target + self.path, data=body, method=self.command)
        for key, value in self.headers.items():
            if key.lower() not in ("host", "connection"):
                req.add_header(key, value)
        req.add_header("X-Forwarded-Proto", "https")
        try:
            with urllib.request.urlopen(req) as resp:
                status, headers, payload = resp.status, resp.headers.items(), resp.read()
        except urllib.error.HTTPError as err:
            status, headers, payload = err.code, err.headers.items(), err.read()
        self.send_response(status)
        for key, value in headers:
            if key.lower() not in ("transfer-encoding", "connection"):
                self.send_header(key, value)
        self.end_headers()
        self.wfile.write(payload)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = _forward


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dir")
    ap.add_argument("--proxy")
    ap.add_argument("--name", default="dev")
    ap.add_argument("--port", type=int, default=443)
    args = ap.parse_args()
    if args.proxy:
        Proxy.target = args.proxy.rstrip("/")
        handler = Proxy
    else:
        handler = partial(http.server.SimpleHTTPRequestHandler, directory=args.dir or ".")
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(HERE / "certs" / "dev.pem", HERE / "certs" / "dev-key.pem")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", args.port), handler)
    server.socket = ctx.wrap_socket(server.socket, server_side=True)
    print(f"https://{args.name}.localhost{'' if args.port == 443 else f':{args.port}'}/")
    server.serve_forever()


if __name__ == "__main__":
    main()
