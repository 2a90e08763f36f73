#!/usr/bin/python3
"""The app's window as a screen reader sees it: the accessibility tree and
the events on the AT-SPI bus, served to the Rust tests over stdin/stdout.

Each request is one line of JSON, each answer one line of JSON. Events are
recorded from the start, in the order they arrive, and handed over by
`events` (each once). Requests:

  {"op": "wait_app", "name": "checkers-app"}   the app is on the bus
  {"op": "find", "role": "table cell", "name": "regex", "states": ["focused"],
   "attrs": {"container-live": "polite"}, "showing": true, "limit": 0,
   "within": {"role": "table"}}                 matching objects in the page
  {"op": "text", "role": ..., "name": ...}      the text under the first match
  {"op": "events"}                              the events since the last call
"""

import json
import re
import sys
import time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, GLib  # noqa: E402

EVENTS = [
    "object:text-changed",
    "object:announcement",
    "object:active-descendant-changed",
    "object:state-changed",
    "object:property-change:accessible-name",
    "object:property-change:accessible-description",
    "object:children-changed",
    "object:selection-changed",
    "focus:",
]

app = None
pending = []
# The objects found for `within`, kept while they stand (a board is walked
# many times a turn).
roots = {}


def role_of(acc):
    try:
        return acc.get_role_name()
    except GLib.Error:
        return ""


def name_of(acc):
    try:
        return acc.get_name() or ""
    except GLib.Error:
        return ""


def states_of(acc):
    try:
        s = acc.get_state_set()
    except GLib.Error:
        return []
    return sorted(Atspi.StateType(v).value_nick for v in s.get_states())


def describe(acc):
    return {"role": role_of(acc), "name": name_of(acc), "states": states_of(acc)}


def on_event(event):
    source = event.source
    entry = {
        "type": event.type,
        "detail1": event.detail1,
        "detail2": event.detail2,
        "role": role_of(source) if source else "",
        "name": name_of(source) if source else "",
        "time": time.monotonic(),
    }
    if source is not None and event.type.startswith("object:children-changed"):
        entry["live"] = attributes(source).get("container-live", "")
    data = event.any_data
    if isinstance(data, str):
        entry["data"] = data
    elif isinstance(data, Atspi.Accessible):
        # An object: its name, else its text (a paragraph added to a live
        # region has no name, only text).
        entry["data_role"] = role_of(data)
        entry["data"] = name_of(data) or full_text(data)
    pending.append(entry)


def attributes(acc):
    try:
        return acc.get_attributes() or {}
    except GLib.Error:
        return {}


def full_text(acc):
    """The text of `acc` with each embedded object's own text in its place."""
    try:
        if "Text" not in acc.get_interfaces():
            return ""
        s = Atspi.Text.get_text(acc, 0, -1)
    except (GLib.Error, AttributeError):
        return ""
    kids = iter(list(children(acc)))
    out = []
    for ch in s:
        if ch == "\ufffc":
            kid = next(kids, None)
            out.append(" " + (full_text(kid) if kid is not None else "") + " ")
        else:
            out.append(ch)
    return " ".join("".join(out).split())


def children(acc):
    try:
        n = acc.get_child_count()
    except GLib.Error:
        return
    for i in range(n):
        try:
            c = acc.get_child_at_index(i)
        except GLib.Error:
            continue
        if c is not None:
            yield c


def walk(acc, depth=0):
    yield acc
    if depth > 60:
        return
    for c in children(acc):
        yield from walk(c, depth + 1)


def documents():
    """The web documents of the app (WebKit's page), without walking them."""
    out = []

    def visit(acc, depth):
        if role_of(acc) in ("document web", "document frame"):
            out.append(acc)
        elif depth < 30:
            for c in children(acc):
                visit(c, depth + 1)

    visit(app, 0)
    return out


def matches(acc, req):
    if "role" in req and role_of(acc) != req["role"]:
        return False
    if "name" in req and not re.search(req["name"], name_of(acc)):
        return False
    states = states_of(acc) if ("states" in req or req.get("showing")) else []
    if req.get("showing") and "showing" not in states:
        return False
    for s in req.get("states", []):
        if s not in states:
            return False
    for s in req.get("not_states", []):
        if s in states:
            return False
    if "attrs" in req:
        attrs = attributes(acc)
        for k, v in req["attrs"].items():
            if attrs.get(k) != v:
                return False
    return True


def find(req):
    out = []
    limit = req.get("limit", 0)
    if "within" in req:
        # Only inside the first object that matches `within`.
        key = json.dumps(req["within"], sort_keys=True)
        kept = roots.get(key)
        if kept is None or "defunct" in states_of(kept) or not matches(kept, req["within"]):
            found = find(dict(req["within"], limit=1))
            kept = found[0] if found else None
            roots[key] = kept
        tops = [kept] if kept is not None else []
    else:
        tops = documents()
    for doc in tops:
        for acc in walk(doc):
            if matches(acc, req):
                out.append(acc)
                if limit and len(out) >= limit:
                    return out
    return out


def text_under(acc):
    """The first text found in `acc` or inside it."""
    for a in walk(acc):
        s = full_text(a)
        if s:
            return s
    return ""


def handle(req):
    global app
    op = req["op"]
    if op == "wait_app":
        end = time.monotonic() + req.get("timeout", 30)
        while time.monotonic() < end:
            desktop = Atspi.get_desktop(0)
            for a in children(desktop):
                if name_of(a) == req["name"]:
                    app = a
                    if documents():
                        return {"ok": True}
            time.sleep(0.2)
        names = [name_of(a) for a in children(Atspi.get_desktop(0))]
        return {"error": "no app %r with a page on the bus; there: %r" % (req["name"], names)}
    if op == "find":
        return {"ok": [describe(a) for a in find(req)]}
    if op == "text":
        found = find(dict(req, limit=1))
        if not found:
            return {"error": "nothing matches %r" % req}
        return {"ok": full_text(found[0]) or text_under(found[0])}
    if op == "events":
        out = list(pending)
        pending.clear()
        return {"ok": out}
    return {"error": "unknown op %r" % op}


def on_stdin(channel, condition):
    line = sys.stdin.readline()
    if not line:
        loop.quit()
        return False
    try:
        answer = handle(json.loads(line))
    except Exception as e:  # noqa: BLE001 - every failure goes back to the test
        answer = {"error": "%s: %s" % (type(e).__name__, e)}
    sys.stdout.write(json.dumps(answer) + "\n")
    sys.stdout.flush()
    return True


listener = Atspi.EventListener.new(on_event)
for kind in EVENTS:
    listener.register(kind)
loop = GLib.MainLoop()
GLib.io_add_watch(GLib.IOChannel.unix_new(sys.stdin.fileno()), GLib.IO_IN | GLib.IO_HUP, on_stdin)
sys.stdout.write(json.dumps({"ready": True}) + "\n")
sys.stdout.flush()
loop.run()
