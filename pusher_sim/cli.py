"""``pusher``: play, simulate, replay, benchmark and experiment from one command.

Every user mistake (a bad option, an unknown seat, a corrupt log or config) ends in one line on
stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from pusher_sim.errors import UserError
from pusher_sim.turnloop import GameLog, Match, get_spec, replay
from pusher_sim.turnloop.registry import GAMES, HUMAN
from pusher_sim.turnloop.simulate import format_summary, simulate
from pusher_sim.turnloop.terminal import play_in_terminal

# Subcommands that live with the code they drive: "module" exposing configure(parser), run(args).
PLUGINS = {
    "bench": ("pusher_sim.physics.bench", "measure the physics step rate and pushes per second"),
    "experiment": ("pusher_sim.experiment.cli", "run a batch of physics experiments"),
    "rules": ("pusher_sim.rules_cli", "print a game's rules, or one rule (pusher rules pusher P7)"),
}


class Parser(argparse.ArgumentParser):
    """argparse, but a mistake is one line, not a usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def seats_arg(text: str) -> list[str]:
    seats = [s.strip() for s in text.split(",")]
    if any(not s for s in seats):
        raise argparse.ArgumentTypeError(f"empty seat name in {text!r}")
    return seats


def whole_number(minimum: int) -> Callable[[str], int]:
    """An argparse type: a whole number no less than ``minimum``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, got {value}")
        return value

    return parse


count_arg = whole_number(1)
seed_arg = whole_number(0)


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


def build_parser() -> Parser:
    parser = Parser(
        prog="pusher",
        description="Pusher (the 1993 marble board game), Push (rummy) and Push Over (dice race).",
        epilog=bot_list(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)

    play = sub.add_parser("play", help="play a game (Pusher opens a window)")
    play.add_argument("game", nargs="?", choices=list(GAMES), help="default: pusher")
    play.add_argument("--seats", type=seats_arg, help="comma-separated: human or a bot name")
    play.add_argument("--seed", type=seed_arg, default=None, help="default: a fresh one")
    play.add_argument("--load", metavar="LOG", help="continue a saved game log")
    play.add_argument("--save", metavar="LOG", help="write the game log here when the game ends")
    play.add_argument("--terminal", action="store_true", help="play Pusher in text, not a window")
    play.add_argument("--screenshot", metavar="PNG", help="render the position to PNG and exit")
    play.add_argument("--size", default="1100x800", help="window size WxH (default 1100x800)")

    sim = sub.add_parser("simulate", help="bots against bots: win rates and figures")
    sim.add_argument("game", choices=list(GAMES))
    sim.add_argument("--games", type=count_arg, default=1000)
    sim.add_argument("--seed", type=seed_arg, default=1)
    sim.add_argument("--seats", type=seats_arg, help="comma-separated bot names")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.add_argument("--progress", action="store_true", help="show a progress bar")
    sim.add_argument("--workers", type=count_arg, default=1, help="processes to share games out")

    rep = sub.add_parser("replay", help="replay a game log and show where it ends")
    rep.add_argument("log")
    rep.add_argument("--verbose", action="store_true", help="print every action")

    for name, (module, text) in PLUGINS.items():
        plugin = sub.add_parser(name, help=text)
        try:
            importlib.import_module(module).configure(plugin)
        except ImportError:
            plugin.set_defaults(missing=module)
    return parser


def cmd_play(args: argparse.Namespace) -> int:
    name = args.game or "pusher"
    if args.load:
        log = GameLog.load(args.load)
        name = log.game
    spec = get_spec(name)
    if spec.window and not args.terminal:
        module, func = spec.window.split(":")
        code: int = getattr(importlib.import_module(module), func)(args)
        return code
    seats = args.seats or (log.seats if args.load else list(spec.default_seats))
    spec.check_seats(seats)
    if args.load:
        game = spec.make_game(log.config)
        log.seats = list(seats)
    else:
        game = spec.make_game({"players": len(seats)})
        log = GameLog(game.name, game.config_json(), _seed(args.seed), list(seats))
    match = Match(game, spec.make_agents(game, seats), log=log)
    code = play_in_terminal(match, spec.text_ui(game))
    if args.save:
        match.log.save(args.save)
        print(f"game log saved to {args.save}")
    return code


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
        spec, seats, args.games, args.seed, progress=args.progress, workers=args.workers
    )
    if args.json:
        summary.pop("seconds")
        summary.pop("games_per_second")
        print(json.dumps(summary, sort_keys=True))
    else:
        print(format_summary(summary))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    log = GameLog.load(args.log)
    spec = get_spec(log.game)
    game = spec.make_game(log.config)
    if args.verbose:
        for n in range(1, len(log.actions) + 1):
            mover = log.movers[n - 1]
            who = "chance" if mover < 0 else game.seat_label(mover)
            print(f"{n:4d}  {who:<10} {game.action_codec.decode(log.actions[n - 1])}")
    state = replay(game, log)
    print(spec.text_ui(game).render(state, 0))
    print(
        f"{len(log.actions)} actions replayed; "
        + ("game over" if state.is_terminal() else "game in progress")
    )
    return 0


COMMANDS = {"play": cmd_play, "simulate": cmd_simulate, "replay": cmd_replay}


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command is None:
            return cmd_play(parser.parse_args(["play"]))
        if getattr(args, "missing", None):
            raise UserError(f"'{args.command}' is not available: {args.missing} is missing")
        if args.command in COMMANDS:
            return COMMANDS[args.command](args)
        module = importlib.import_module(PLUGINS[args.command][0])
        code: int = module.run(args)
        return code
    except UserError as exc:
        print(f"pusher: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("pusher: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
