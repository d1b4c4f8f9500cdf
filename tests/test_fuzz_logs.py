"""Fuzz: thousands of damaged saved games of all three games, fed to ``pusher replay``,
``pusher play --load`` and ``pusher play --screenshot`` (issue 14), and damaged push outcomes
(issue 17, item 5), each refused in one line naming the log and the action.

Hypothesis damages real logs (type swaps, out-of-range numbers, truncation, deep nesting, other
encodings, huge values, raw ``NaN``/``1e400``/long integers, missing and unknown keys, reordered
actions). One bounded worker process (:mod:`tests.fuzz_worker`: address space capped, an alarm
per file) runs the real entry point on each. Every file must end in exit 0 or in exit 2 with one
line on stderr; no traceback, no hang, and the worker's peak memory stays under 500 MB.
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests import saved_logs
from tests.fuzz_worker import HEADER

ROOT = Path(__file__).resolve().parents[1]
LOGS_PER_RUN = 2100
MEMORY_CAP = 900 * 2**20
"""The worker's address space (RLIMIT_AS); about 220 MB of it are the libraries themselves."""
PEAK_RSS_LIMIT_KB = 500 * 1024
SECONDS_PER_LOG = 60.0

Path_ = tuple[Any, ...]


def bases() -> dict[str, Any]:
    return {
        "pushover": saved_logs.pushover_log(),
        "rummy": saved_logs.rummy_log(),
        "pusher": saved_logs.pusher_scripted_log(),
        "pusher-physics": saved_logs.pusher_physics_log(),
    }


BASES = bases()


def paths(value: Any, prefix: Path_ = ()) -> list[Path_]:
    """Every path into a JSON document (the root excluded)."""
    out: list[Path_] = []
    if isinstance(value, dict | list):
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in items:
            out.append((*prefix, key))
            out.extend(paths(item, (*prefix, key)))
    return out


PATHS = {name: paths(doc) for name, doc in BASES.items()}
TEXTS = {name: json.dumps(doc) for name, doc in BASES.items()}


def put(doc: Any, path: Path_, value: Any) -> None:
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value


def get(doc: Any, path: Path_) -> Any:
    for key in path:
        doc = doc[key]
    return doc


RAW = "@@raw@@"
"""Put at a path, then swapped for raw text JSON cannot otherwise hold."""

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**25), 10**25)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)
edge_numbers = st.sampled_from(
    [0, -1, 1, -(2**63), 2**63, 2**64, 10**19, 10**20 - 1, -(10**19), 1e308, -1e308, 5e-324,
     0.5, -0.0, 3600, 1e-5, 1e6, 2**31, 999999]
)  # fmt: skip
raw_literals = st.sampled_from(
    ["Infinity", "-Infinity", "NaN", "1e400", "-1e400", "9" * 25, "9" * 5000, "1" + "0" * 100,
     "1.5e-400", "0." + "0" * 500 + "1", "[" * 40 + "]" * 40, '"\\ud800"', "1E+308"]
)  # fmt: skip


def encode(doc: Any, raw: str | None = None) -> bytes:
    text = json.dumps(doc)
    if raw is not None:
        text = text.replace(json.dumps(RAW), raw, 1)
    return text.encode("utf-8")


def damage(data: st.DataObject, name: str) -> bytes:
    doc = json.loads(TEXTS[name])  # a fresh copy, faster than deepcopy
    # Half the time aim at the top level and the config, where the bounds live.
    pool = PATHS[name]
    near = [p for p in pool if p[0] not in ("actions", "movers", "outcomes")] or pool
    path = data.draw(st.sampled_from(near) | st.sampled_from(pool), label="path")
    kind = data.draw(st.sampled_from(list(KINDS)), label="kind")
    return KINDS[kind](data, doc, path)


def swap_type(data: st.DataObject, doc: Any, path: Path_) -> bytes:
    put(doc, path, data.draw(json_values, label="value"))
    return encode(doc)


def edge_number(data: st.DataObject, doc: Any, path: Path_) -> bytes:
    put(doc, path, data.draw(edge_numbers | st.integers(-(10**19), 10**19), label="number"))
    return encode(doc)


def raw_literal(data: st.DataObject, doc: Any, path: Path_) -> bytes:
    put(doc, path, RAW)
    return encode(doc, data.draw(raw_literals, label="raw"))


def truncate(data: st.DataObject, doc: Any, path: Path_) -> bytes:
    blob = encode(doc)
    return blob[: data.draw(st.integers(0, len(blob) - 1), label="cut")]


def nest(data: st.DataObject, doc: Any, path: Path_) -> bytes:
    depth = data.draw(st.integers(1, 60), label="depth")
    value = get(doc, path)
    for _ in range(depth):
        value = [value] if data.draw(st.booleans(), label="list") else {"k": value}
    put(doc, path, value)
    return encode(doc)


def deep_text(data: st.DataObject, doc: Any, path: Path_) -> bytes:
    put(doc, path, RAW)
    depth = data.draw(st.sampled_from([33, 1000, 100_000]), label="depth")
    closed = data.draw(st.booleans(), label="closed")
    return encode(doc, "[" * depth + ("]" * depth if closed else ""))


def reencode(data: st.DataObject, doc: Any, path: Path_) -> bytes:
    put(doc, path, data.draw(st.sampled_from(["é", "ü€", "\U0001f600", "\x00", "a\nb"])))
    text = json.dumps(doc, ensure_ascii=False)
    codec = data.draw(st.sampled_from(["utf-16", "utf-32", "latin-1", "cp1252", "utf-8-sig"]))
    try:
        return text.encode(codec)
    except UnicodeEncodeError:
        return text.encode("utf-16")


def stray_bytes(data: st.DataObject, doc: Any, path: Path_) -> bytes:
    blob = encode(doc)
    at = data.draw(st.integers(0, len(blob)), label="at")
    junk = data.draw(st.binary(min_size=1, max_size=4), label="junk")
    return blob[:at] + junk + blob[at:]


def huge(data: st.DataObject, doc: Any, path: Path_) -> bytes:
    size = data.draw(st.sampled_from([1000, 30_000, 300_000]), label="size")
    value = data.draw(st.sampled_from(["text", "ints", "key", "floats"]), label="what")
    if value == "text":
        put(doc, path, "x" * size)
    elif value == "ints":
        put(doc, path, list(range(size)))
    elif value == "floats":
        put(doc, path, [0.5] * size)
    else:
        target = doc if not isinstance(get(doc, path[:-1]), dict) else get(doc, path[:-1])
        target["k" * size] = 1
    return encode(doc)


def drop_or_add_key(data: st.DataObject, doc: Any, path: Path_) -> bytes:
    parent = get(doc, path[:-1])
    if isinstance(parent, dict) and data.draw(st.booleans(), label="drop"):
        del parent[path[-1]]
    elif isinstance(parent, dict):
        parent[data.draw(st.text(min_size=1, max_size=6), label="key")] = 1
    elif isinstance(parent, list):
        del parent[path[-1]]
    return encode(doc)


def shuffle_actions(data: st.DataObject, doc: Any, path: Path_) -> bytes:
    actions, movers = doc["actions"], doc["movers"]
    if len(actions) > 1:
        i = data.draw(st.integers(0, len(actions) - 1), label="i")
        j = data.draw(st.integers(0, len(actions) - 1), label="j")
        actions[i], actions[j] = actions[j], actions[i]
        if data.draw(st.booleans(), label="movers too"):
            movers[i], movers[j] = movers[j], movers[i]
    times = data.draw(st.sampled_from([1, 2, 50]), label="times")
    doc["actions"], doc["movers"] = actions * times, movers * times
    return encode(doc)


def push_outcome(data: st.DataObject, doc: Any, path: Path_) -> bytes:
    """A push's recorded outcome damaged (see :func:`damage_outcome`); other logs: a type swap."""
    if not any(o for o in doc.get("outcomes", [])):
        return swap_type(data, doc, path)
    damage_outcome(data, doc)
    return encode(doc)


def duplicate_key(data: st.DataObject, doc: Any, path: Path_) -> bytes:
    text = json.dumps(doc)
    return text.replace('"seed": ', '"seed": 1, "seed": ', 1).encode()


KINDS: dict[str, Callable[[st.DataObject, Any, Path_], bytes]] = {
    "swap_type": swap_type,
    "edge_number": edge_number,
    "raw_literal": raw_literal,
    "truncate": truncate,
    "nest": nest,
    "deep_text": deep_text,
    "reencode": reencode,
    "stray_bytes": stray_bytes,
    "huge": huge,
    "drop_or_add_key": drop_or_add_key,
    "shuffle_actions": shuffle_actions,
    "duplicate_key": duplicate_key,
    "push_outcome": push_outcome,
}

SEATS = {"pushover": 3, "rummy": 4, "pusher": 2, "pusher-physics": 2}


def argv_for(mode: str, name: str) -> list[str]:
    if mode == "replay":
        return ["replay", "{log}", "--verbose"]
    if mode == "screenshot":
        return ["play", "--load", "{log}", "--screenshot", "{png}", "--size", "400x300"]
    seats = ",".join(["human"] * SEATS[name])  # nobody plays on: load, show, stop
    return ["play", "--load", "{log}", "--terminal", "--seats", seats]


class Worker:
    """The bounded worker process and the pipe to it."""

    def __init__(self, memory: int = MEMORY_CAP) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "OPENBLAS_NUM_THREADS": "1"}
        env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.fuzz_worker", str(memory), str(SECONDS_PER_LOG)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            cwd=ROOT,
            env=env,
        )
        self.sent = 0

    def ask(self, argv: list[str], blob: bytes) -> dict[str, Any]:
        header = json.dumps({"argv": argv}).encode()
        return self._send(HEADER.pack(len(header), len(blob)) + header + blob)

    def ask_case(self, case: dict[str, Any]) -> dict[str, Any]:
        """A whole case: argv, a folder to lay out (files and their bytes), env and stdin."""
        header = json.dumps({k: v for k, v in case.items() if k != "blob"}).encode()
        blob: bytes = case.get("blob", b"")
        return self._send(HEADER.pack(len(header), len(blob)) + header + blob)

    def finish(self) -> dict[str, Any]:
        answer = self._send(HEADER.pack(0, 0))
        self.proc.wait(timeout=60)
        return answer

    def _send(self, message: bytes) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(message)
        self.proc.stdin.flush()
        self.sent += 1
        ready, _, _ = select.select([self.proc.stdout], [], [], SECONDS_PER_LOG + 30)
        assert ready, "the fuzz worker stopped answering (a hang its alarm did not catch)"
        line = self.proc.stdout.readline()
        assert line, f"the fuzz worker died (exit {self.proc.poll()})"
        answer: dict[str, Any] = json.loads(line)
        return answer

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def check(answer: dict[str, Any], mode: str) -> None:
    """One damaged file's outcome: exit 0, or exit 2 with one line; never a traceback."""
    assert not answer["escaped"], answer["escaped"]
    assert "Traceback" not in answer["stderr"], answer["stderr"]
    assert answer["code"] in (0, 2), answer
    if answer["code"] == 2:
        err = answer["stderr"]
        assert answer["stderr_lines"] == 1 and err.startswith("pusher"), err
        assert answer["stderr_chars"] < 400, err  # a line a person can read
    if mode == "screenshot":
        assert answer["shot"] == (answer["code"] == 0), answer


@pytest.fixture(scope="module")
def worker() -> Any:
    w = Worker()
    yield w
    w.close()


def test_the_undamaged_logs_load_in_every_mode(worker: Worker) -> None:
    for name, doc in BASES.items():
        for mode in ("replay", "load", "screenshot"):
            answer = worker.ask(argv_for(mode, name), encode(doc))
            check(answer, mode)
            assert answer["code"] == 0, (name, mode, answer)


def test_damaged_logs_never_crash_hang_or_eat_memory(worker: Worker) -> None:
    outcomes: dict[int, int] = {}

    @settings(
        max_examples=LOGS_PER_RUN,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(data=st.data())
    def one_damaged_log(data: st.DataObject) -> None:
        name = data.draw(st.sampled_from(sorted(BASES)), label="game")
        blob = damage(data, name)
        mode = data.draw(st.sampled_from(["replay", "load", "screenshot"]), label="mode")
        answer = worker.ask(argv_for(mode, name), blob)
        check(answer, mode)
        outcomes[answer["code"]] = outcomes.get(answer["code"], 0) + 1

    one_damaged_log()
    assert sum(outcomes.values()) >= 2000, outcomes
    assert outcomes.get(2, 0) > 1000  # most damage is caught, and said so
    done = worker.finish()
    print(f"fuzz: {outcomes}, worker {done['cpu_seconds']:.1f} s CPU, peak {done['peak_kb']} kB")
    peak = done["peak_kb"]
    assert peak < PEAK_RSS_LIMIT_KB, f"the worker peaked at {peak / 1024:.0f} MB"


# -- issue 17, item 5: a push's recorded outcome ------------------------------------------------

OUTCOME_BASES = ("pusher", "pusher-physics")
LABELS = ("red", "blue", "yellow")
not_a_ball = json_values.filter(lambda v: not (isinstance(v, list) and len(v) == 3))
not_a_flag = json_values.filter(lambda v: not isinstance(v, bool))
not_an_outcome = json_values.filter(lambda v: v is not None and not isinstance(v, dict))
not_a_model = json_values.filter(lambda v: not (isinstance(v, str) and v.isprintable() and v))


def damage_outcome(data: st.DataObject, doc: Any) -> int:
    """Damage one push's recorded outcome so that no reading of it can be right; returns the
    push's action number (1-based). Every change breaks a rule of the outcome: its shape, or P13
    against the position the push was made from (balls on the board, one per cup, the same
    balls as before plus the pushed one)."""
    pushes = [n for n, o in enumerate(doc["outcomes"]) if o]
    n = data.draw(st.sampled_from(pushes), label="push")
    outcome = doc["outcomes"][n]
    balls = outcome["balls"]
    radius = doc["config"]["board_radius"]
    kind = data.draw(
        st.sampled_from(
            ["off_board", "onto_another", "drop", "add", "recolour", "not_a_ball", "settled",
             "model", "long_model", "unknown_key", "missing_key", "not_an_object"]
        ),
        label="outcome damage",
    )  # fmt: skip
    i = data.draw(st.integers(0, len(balls) - 1), label="ball")
    if kind == "off_board":
        far = data.draw(st.integers(radius + 1, 10), label="far")
        balls[i][:2] = data.draw(st.sampled_from([[far, 0], [0, -far], [far, -far]]))
    elif kind == "onto_another" and len(balls) > 1:
        j = data.draw(st.integers(0, len(balls) - 1).filter(lambda j: j != i), label="other")
        balls[i][:2] = balls[j][:2]
    elif kind == "drop" or kind == "onto_another":
        del balls[i]
    elif kind == "add":
        q, r = data.draw(st.integers(-radius, radius)), data.draw(st.integers(-radius, radius))
        balls.append([q, r, data.draw(st.sampled_from(LABELS))])
    elif kind == "recolour":
        balls[i][2] = data.draw(st.sampled_from([c for c in LABELS if c != balls[i][2]]))
    elif kind == "not_a_ball":
        balls[i] = data.draw(not_a_ball, label="ball value")
    elif kind == "settled":
        outcome["settled"] = data.draw(not_a_flag, label="settled")
    elif kind == "model":
        outcome["model"] = data.draw(not_a_model, label="model")
    elif kind == "long_model":
        outcome["model"] = "7" * data.draw(st.integers(17, 5000), label="length")
    elif kind == "unknown_key":
        outcome[data.draw(st.sampled_from(["sim_time", "steps", "path", "x"]))] = 1
    elif kind == "missing_key":
        del outcome[data.draw(st.sampled_from(["balls", "settled", "model"]))]
    else:
        doc["outcomes"][n] = data.draw(not_an_outcome, label="outcome value")
    return n + 1


@pytest.fixture()
def fresh_worker() -> Any:
    """A worker of its own (the module's is finished by the long fuzz run)."""
    w = Worker()
    yield w
    w.close()


def test_damaged_push_outcomes_are_one_line_naming_the_log_and_the_push(
    fresh_worker: Worker,
) -> None:
    worker = fresh_worker
    refused = 0

    @settings(
        max_examples=300, deadline=None, database=None, suppress_health_check=list(HealthCheck)
    )
    @given(data=st.data())
    def one_damaged_outcome(data: st.DataObject) -> None:
        nonlocal refused
        name = data.draw(st.sampled_from(OUTCOME_BASES), label="game")
        doc = json.loads(TEXTS[name])
        number = damage_outcome(data, doc)
        mode = data.draw(st.sampled_from(["replay", "load"]), label="mode")
        answer = worker.ask(argv_for(mode, name), encode(doc))
        check(answer, mode)
        err = answer["stderr"]
        assert answer["code"] == 2, answer
        # Named by the action it belongs to, or (where the file's JSON or the log's shape is
        # wrong before any action is read: a number too long to hold, an outcome that is no
        # object) by its place in the file.
        assert "log.json: " in err, err
        at_action = f"log action {number} (Push): " in err
        assert at_action or f"outcomes[{number - 1}]" in err, err
        refused += 1

    one_damaged_outcome()
    assert refused >= 300
