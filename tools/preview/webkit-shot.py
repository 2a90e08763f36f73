#!/usr/bin/python3
"""Screenshot of the preview page in WebKitGTK (the engine the Linux app runs on).

    xvfb-run -a /usr/bin/python3 tools/preview/webkit-shot.py OUT.png 'QUERY' [WxH] [WAIT_MS]

Needs gir1.2-webkit2-4.1 and python3-gi, and tools/preview/serve.py running.
Prints the page's console messages (errors show up here).
"""
import sys

import gi

gi.require_version('Gtk', '3.0')
gi.require_version('WebKit2', '4.1')
from gi.repository import GLib, Gtk, WebKit2  # noqa: E402

out = sys.argv[1]
query = sys.argv[2] if len(sys.argv) > 2 else ''
w, h = (int(x) for x in (sys.argv[3] if len(sys.argv) > 3 else '360x640').split('x'))
wait = int(sys.argv[4]) if len(sys.argv) > 4 else 2500

win = Gtk.OffscreenWindow()
view = WebKit2.WebView()
settings = view.get_settings()
settings.set_enable_write_console_messages_to_stdout(True)
view.set_size_request(w, h)
win.add(view)
win.show_all()


def done(obj, result):
    surface = view.get_snapshot_finish(result)
    surface.write_to_png(out)
    print(out)
    Gtk.main_quit()


def snap():
    view.get_snapshot(WebKit2.SnapshotRegion.VISIBLE, WebKit2.SnapshotOptions.NONE, None, done)
    return False


def loaded(v, event):
    if event == WebKit2.LoadEvent.FINISHED:
        GLib.timeout_add(wait, snap)


view.connect('load-changed', loaded)
view.load_uri('http://127.0.0.1:8765/?' + query)
GLib.timeout_add(wait + 15000, Gtk.main_quit)
Gtk.main()
