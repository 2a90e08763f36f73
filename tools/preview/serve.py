#!/usr/bin/env python3
"""Preview server for ui/ without the Rust shell.

Serves ../../ui as the site root and injects /__preview/fake.js (a fake
window.__TAURI__.core.invoke with canned positions and simple rules) into
index.html before the page's module runs. ui/ itself is never changed.

    python3 tools/preview/serve.py [PORT]     # default 8765
    open http://127.0.0.1:8765/?fixture=capture&lang=en
"""
import http.server
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
UI = os.path.normpath(os.path.join(HERE, '..', '..', 'ui'))
INJECT = '<script src="/__preview/fake.js"></script>\n    <script type="module" src="js/main.js"></script>'


class Handler(http.server.SimpleHTTPRequestHandler):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=UI, **kwargs)

    def log_message(self, fmt, *args):  # quiet
        pass

    def end_headers(self):
        # The same kind of policy the app runs under: no inline script or style.
        self.send_header(
            'Content-Security-Policy',
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:",
        )
        self.send_header('Cache-Control', 'no-store')
        super().end_headers()

    def do_GET(self):
        path = self.path.split('?', 1)[0]
        if path.startswith('/__preview/'):
            name = os.path.basename(path)
            return self._send(os.path.join(HERE, name), 'text/javascript')
        if path in ('/', '/index.html'):
            with open(os.path.join(UI, 'index.html'), encoding='utf-8') as f:
                html = f.read()
            html = html.replace('<script type="module" src="js/main.js"></script>', INJECT)
            return self._send_bytes(html.encode('utf-8'), 'text/html; charset=utf-8')
        return super().do_GET()

    def _send(self, file, ctype):
        try:
            with open(file, 'rb') as f:
                data = f.read()
        except OSError:
            self.send_error(404)
            return
        self._send_bytes(data, ctype)

    def _send_bytes(self, data, ctype):
        self.send_response(200)
        self.send_header('Content-Type', ctype)
        self.send_header('Content-Length', str(len(data)))
        self.end_headers()
        self.wfile.write(data)


if __name__ == '__main__':
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8765
    http.server.ThreadingHTTPServer(('127.0.0.1', port), Handler).serve_forever()
