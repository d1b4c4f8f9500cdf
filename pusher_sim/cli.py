"""``pusher``: play, simulate, replay, benchmark and experiment from one command.

Every user mistake (a bad option, an unknown seat, a corrupt log or config) ends in one line on
stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

from pusher_sim import startup

if startup.is_program(__name__):  # first: a signal during the slow imports below is held
    startup.hold()

import argparse
import contextlib
import importlib
import json
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from pusher_sim import arguments, interrupts
from pusher_sim.atomic import check_writable
from pusher_sim.errors import UserError
from pusher_sim.extras import missing
from pusher_sim.printable import printable
from pusher_sim.running.output_lock import output_locks
from pusher_sim.saves import autosave_path, check_saves_dir
from pusher_sim.turnloop import GameLog, Match, get_spec
from pusher_sim.turnloop.log import complete
from pusher_sim.turnloop.registry import DEFAULT_GAME, GAMES, HUMAN, GameSpec
from pusher_sim.turnloop.simulate import MAX_GAMES, format_summary, simulate
from pusher_sim.turnloop.state import Game
from pusher_sim.turnloop.terminal import play_in_terminal

# Subcommands that live with the code they drive: "module" exposing configure(parser), run(args).
PLUGINS = {
    "bench": ("pusher_sim.benchmarking", "measure the physics step rate and pushes per second"),
    "experiment": ("pusher_sim.experiment.cli", "run a batch of physics experiments"),
    "tournament": ("pusher_sim.tournament.cli", "bots against bots: win rates and ratings"),
    "rules": ("pusher_sim.rules_cli", "print a game's rules, or one rule (pusher rules pusher P7)"),
    "validate": ("pusher_sim.reference.cli", "the 2-D physics against the 3-D MuJoCo reference"),
    "host": ("pusher_sim.host_cli", "host a match that others join from their machines"),
    "join": ("pusher_sim.join_cli", "join a hosted match: a window, a bot (--bot) or --watch"),
}


class Parser(argparse.ArgumentParser):
    """argparse, but a mistake is one line, not a usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {one_line(message)}\n")


def seats_arg(text: str) -> list[str]:
    seats = [s.strip() for s in text.split(",")]
    if any(not s for s in seats):
        raise argparse.ArgumentTypeError(f"empty seat name in {text!r}")
    return seats


count_arg = arguments.whole_number(1, MAX_GAMES)
seed_arg = arguments.seed


def bot_list() -> str:
    lines = []
    for name in GAMES:
        try:
            spec = get_spec(name)
        except ImportError:
            continue
        bots = "; ".join(f"{b}: {h}" for b, h in spec.bot_help.items())
        lines.append(f"  {name} ({'/'.join(map(str, spec.players))} seats) - human; {bots}")
    return "seats and bots:\n" + "\n".join(lines)


MAX_MESSAGE = 400
"""Longest message printed: a path of thousands of characters is shown by its two ends."""


def one_line(message: str) -> str:
    """A message as one printable line: text from a file may hold newlines or escape codes, and
    a value given may be thousands of characters long."""
    return printable(message, MAX_MESSAGE)


def build_parser() -> Parser:
    parser = Parser(
        prog="pusher",
        description="Pusher (the 1993 marble board game) and the games played on its turn loop.",
        epilog=bot_list(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)

    play = sub.add_parser("play", help="play a game (Pusher opens a window)")
    play.add_argument("game", nargs="?", choices=list(GAMES), help=f"default: {DEFAULT_GAME}")
    play.add_argument("--seats", type=seats_arg, help="comma-separated: human or a bot name")
    play.add_argument("--seed", type=seed_arg, default=None, help="default: a fresh one")
    play.add_argument(
        "--load", metavar="LOG", type=arguments.path_arg("--load"), help="continue a saved game log"
    )
    play.add_argument(
        "--save",
        metavar="LOG",
        type=arguments.path_arg("--save"),
        help="write the game log here when the game ends (or is interrupted: Ctrl-C, SIGTERM)",
    )
    play.add_argument("--terminal", action="store_true", help="play in text, not a window")
    play.add_argument(
        "--screenshot",
        metavar="PNG",
        type=arguments.path_arg("--screenshot"),
        help="render the position to PNG and exit",
    )
    play.add_argument("--size", help="window size WxH (default 1100x800)")
    play.add_argument("--pace", help="seconds a bot's move stays on screen (default 0.8)")
    play.add_argument("--mute", action="store_true", help="no sound in the window")

    sim = sub.add_parser("simulate", help="bots against bots: win rates and figures")
    sim.add_argument("game", choices=list(GAMES))
    sim.add_argument("--games", type=count_arg, default=1000)
    sim.add_argument("--seed", type=seed_arg, default=1)
    sim.add_argument("--seats", type=seats_arg, help="comma-separated bot names")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.add_argument("--progress", action="store_true", help="show a progress bar")
    sim.add_argument(
        "--workers", type=arguments.worker_count, default=1, help="processes to share games out"
    )
    sim.add_argument(
        "--yes", action="store_true", help="start a run expected to take hours without asking"
    )

    rep = sub.add_parser("replay", help="replay a game log and show where it ends")
    rep.add_argument("log", type=arguments.path_arg("the log"))
    rep.add_argument("--verbose", action="store_true", help="print every action")
    rep.add_argument(
        "--resimulate",
        action="store_true",
        help="re-run each push with this build's physics model and list those that come out "
        "differently from what the log records (a report: exit status 0 whatever it finds)",
    )

    for name, (module, text) in PLUGINS.items():
        plugin = sub.add_parser(name, help=text)
        try:
            importlib.import_module(module).configure(plugin)
        except ImportError as exc:  # an extra it needs is not installed
            plugin.set_defaults(missing=missing(exc, f"pusher {name}"))
    return parser


def cmd_play(args: argparse.Namespace) -> int:
    if args.save:
        check_writable(args.save)
    if not args.screenshot:
        try:
            check_saves_dir()  # where an autosave or an interrupted game goes, said if moved
        except UserError:
            if not args.save:  # no game is started that could be saved nowhere
                raise
    log = None
    name = args.game or DEFAULT_GAME
    if args.load:
        log = GameLog.load(args.load)
        _check_load(args, log)
        name = log.game
    spec = get_spec(name)
    if args.screenshot:
        _check_screenshot(args)
    game = None
    if log:
        game = _game_of(spec, log, args.load)
        if len(log.seats) != game.num_players:
            raise UserError(
                f"{args.load}: the log has {len(log.seats)} seats, but its {name} config is "
                f"for {game.num_players} players"
            )
    with output_locks([args.save]):  # a second game saving to the same file refuses at start
        return _play(args, spec, name, log, game)


def _play(
    args: argparse.Namespace, spec: GameSpec, name: str, log: GameLog | None, game: Game | None
) -> int:
    """The game played in its window or the terminal, once ``--save`` is this game's."""
    if not args.terminal:  # every game has a window: its own table, or the text table
        from pusher_sim.ui.shell.app import run

        args.game = name if args.load else args.game  # a loaded log says which game it is
        return run(args)
    for option in ("size", "pace"):
        if getattr(args, option, None) is not None:
            raise UserError(
                f"--{option} sets up the window; {name} in the terminal has no use for it"
            )
    # The log's seats, unless --seats names as many (to swap people and bots).
    seats = args.seats or (log.seats if log else list(spec.default_seats))
    spec.check_seats(seats)
    if log and game:
        log.seats = list(seats)
    else:
        game = spec.make_game({"players": len(seats)})
        log = GameLog(game.name, game.config_json(), _seed(args.seed), list(seats))
    agents = spec.make_agents(game, seats)
    try:
        match = Match(game, agents, log=log)
    except UserError as exc:
        raise UserError(f"{args.load}: {exc}") from None
    try:
        code = play_in_terminal(match, spec.text_ui(game))
    except KeyboardInterrupt as exc:
        where = _save_interrupted(match.log, args.save)
        with contextlib.suppress(OSError):  # after SIGHUP the terminal may be gone
            print(
                f"pusher: interrupted; game saved to {one_line(where)} "
                f"(go on with: pusher play --load {one_line(where)})",
                file=sys.stderr,
            )
        return interrupts.exit_code(exc)
    if args.save:
        match.log.save(args.save)
        print(f"game log saved to {one_line(args.save)}")
    return code


def _game_of(spec: GameSpec, log: GameLog, path: str) -> Game:
    """The game a loaded log was played under; a bad config is one line naming the file."""
    try:
        return spec.make_game(log.config)
    except UserError as exc:
        raise UserError(f"{path}: {exc}") from None


def _check_load(args: argparse.Namespace, log: GameLog) -> None:
    """``--load`` continues the logged game: its game, and as many seats as it was played with."""
    if args.game and args.game != log.game:
        raise UserError(f"{args.load} is a {log.game} game, not {args.game}")
    if args.seats and len(args.seats) != len(log.seats):
        raise UserError(
            f"{args.load} is a {len(log.seats)}-seat game; --seats names {len(args.seats)} "
            "(leave it out to keep the log's seats)"
        )


def _check_screenshot(args: argparse.Namespace) -> None:
    """--screenshot draws the window's table to a PNG, so not with --terminal."""
    if args.terminal:
        raise UserError("--screenshot draws the window; it cannot be used with --terminal")
    if not args.screenshot.lower().endswith(".png"):
        raise UserError(f"--screenshot writes a PNG: name a .png file, not {args.screenshot!r}")
    check_writable(args.screenshot)


def _save_interrupted(log: GameLog, save: str | None) -> str:
    """Write the game so far to ``save`` (or the game's autosave) and return where it went.

    An interrupt may fall between recording an action and its mover: only complete entries are
    kept, so the file always replays.
    """
    n = min(len(log.actions), len(log.movers))
    snapshot = GameLog(log.game, log.config, log.seed, log.seats, log.actions[:n], log.movers[:n])
    snapshot.outcomes = [log.outcome(k) for k in range(n)]
    where = save or str(autosave_path(log.game))
    snapshot.save(where)
    return where


def _seed(seed: int | None) -> int:
    if seed is not None:
        return seed
    import secrets

    return secrets.randbelow(2**31)


def cmd_simulate(args: argparse.Namespace) -> int:
    spec = get_spec(args.game)
    # Without --seats, every default seat is played by the game's strongest bot ("bot").
    seats = args.seats or ["bot" if s == HUMAN else s for s in spec.default_seats]
    summary = simulate(
        spec,
        seats,
        args.games,
        args.seed,
        progress=args.progress,
        workers=args.workers,
        confirm=_ask_before_long_run(args.yes),
    )
    if args.json:
        summary.pop("seconds")
        summary.pop("games_per_second")
        print(json.dumps(summary, sort_keys=True))
    else:
        print(format_summary(summary))
    return 0


def _ask_before_long_run(yes: bool) -> Callable[[float], None]:
    """What simulate calls when a run looks like taking hours: go on with --yes, else ask (at a
    terminal) or refuse (in a script, which cannot answer)."""

    def confirm(seconds: float) -> None:
        if yes:
            return
        expect = f"this run will take about {_duration(seconds)}"
        if not sys.stdin.isatty():
            raise UserError(f"{expect}; pass --yes to run it anyway")
        answer = input(f"{expect}. Go on? [y/N] ")
        if answer.strip().lower() not in {"y", "yes"}:
            raise UserError("run cancelled")

    return confirm


def _duration(seconds: float) -> str:
    if seconds < 2 * 3600:
        return f"{seconds / 60:.0f} minutes"
    if seconds < 3 * 86400:
        return f"{seconds / 3600:.1f} hours"
    return f"{seconds / 86400:,.0f} days"


def cmd_replay(args: argparse.Namespace) -> int:
    log = GameLog.load(args.log)
    spec = get_spec(log.game)
    game = _game_of(spec, log, args.log)
    if args.resimulate and spec.resimulate is None:
        raise UserError(f"--resimulate re-runs Pusher's pushes; {args.log} is a {log.game} game")
    try:
        # First: a listing of a log that does not replay is no use. Outcomes the log does not
        # record (an older log's) are worked out here, once.
        state = complete(game, log)
    except UserError as exc:
        raise UserError(f"{args.log}: {exc}") from None
    if args.verbose:
        # A game's text view may tell an action with what it came to (Pusher: the push the
        # hand made of the push aimed); else the action says it all.
        told = getattr(spec.text_ui(game), "told", lambda action, outcome: str(action))
        for n, (entry, mover) in enumerate(zip(log.actions, log.movers, strict=True), 1):
            who = "chance" if mover < 0 else game.seat_label(mover)
            print(f"{n:4d}  {who:<10} {told(game.action_codec.decode(entry), log.outcome(n - 1))}")
    print(spec.text_ui(game).render(state, 0))
    print(
        f"{len(log.actions)} actions replayed; "
        + ("game over" if state.is_terminal() else "game in progress")
    )
    if args.resimulate and spec.resimulate is not None:
        for line in spec.resimulate(game, log):
            print(line)
    return 0


COMMANDS = {"play": cmd_play, "simulate": cmd_simulate, "replay": cmd_replay}


def main(argv: Sequence[str] | None = None) -> int:
    try:
        held = startup.release()
        if held is not None:  # a signal came while the program was starting: nothing has begun
            return _interrupted(128 + held)
        with interrupts.handled():
            return _main(argv)
    except KeyboardInterrupt as exc:  # between the imports and the handlers taking over
        return _interrupted(interrupts.exit_code(exc))


def _interrupted(code: int) -> int:
    with contextlib.suppress(OSError):  # after SIGHUP the terminal may be gone
        print("pusher: interrupted", file=sys.stderr)
    return code


def _main(argv: Sequence[str] | None) -> int:
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        if args.command is None:
            return cmd_play(parser.parse_args(["play"]))
        if getattr(args, "missing", None):
            raise UserError(args.missing)
        if args.command in COMMANDS:
            return COMMANDS[args.command](args)
        module = importlib.import_module(PLUGINS[args.command][0])
        code: int = module.run(args)
        return code
    except UserError as exc:
        print(f"pusher: {one_line(str(exc))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt as exc:
        print("pusher: interrupted", file=sys.stderr)
        return interrupts.exit_code(exc)


if __name__ == "__main__":
    sys.exit(main())
