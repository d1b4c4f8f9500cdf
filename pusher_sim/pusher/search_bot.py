"""Pusher's strongest bot: it searches the push with the game's own resolver and places with a
look at the push it forces on the next player.

A push is searched over triangle, press point, press strength and flick (angle, speed) by an
elite-resampling sampler in the spirit of the cross-entropy method: a first generation spread
over every pushable triangle, then generations drawn around the best pushes so far with
shrinking noise. Every trial is a real resolve, scored by :func:`push_value`. The bot aims; the
game's hand makes the push (docs/rules.md P8). Given the table's :class:`Hand`, each trial is the
push as that hand would make it (drawn from the bot's own generator, never the game's) and the
best few are tried again and chosen by their mean: a push safe only to the micron is no safe
push under a hand (docs/agents.md). A placement that makes the next player push (P5, then P6)
is judged by the best push that player can find.
``budget`` (trial pushes per decision) is the knob that trades time for play.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import numpy as np

from pusher_sim.board import Board, Cell, Colour, Triangle
from pusher_sim.push_resolution import PushOutcome, PushResolver, PushSpec
from pusher_sim.pusher.actions import Place, Push
from pusher_sim.pusher.bots import PRESS_SAFETY, pusher_state
from pusher_sim.pusher.hand import Hand
from pusher_sim.pusher.state import PusherGame, PusherState
from pusher_sim.running.pool import start_pool, stop_now
from pusher_sim.turnloop.actions import Action
from pusher_sim.turnloop.state import State

DEFAULT_BUDGET = 48
"""Trial pushes per push decision at the default strength: 0.6 s of CPU on average (0.9 s at
most) on the 2-core development machine with physics model 6."""

WIN = 100.0
OWN_BACK = 1.0
"""An own ball back is a ball to place again ..."""
KEEP_TURN = 1.0
"""... and getting none back keeps the turn: another push or a placement, a ball out of the tray."""
PUSH_AGAIN = 2.0
"""... and with a pushable triangle left it is another push (P11(a)): a chain of safe pushes
empties the tray fastest, so it outweighs an opponent's ball sent back."""
OTHERS_BACK = 1.0
EXPOSURE = 0.15
"""Per empty cup of a ball's own colour beside it: a later push may roll it home (P10)."""
PLACE_VALUE = 1.0
"""What an ordinary placement is worth to the player who makes it (one ball out of the tray)."""


@dataclass(frozen=True)
class SearchSettings:
    """How hard the bot looks; ``budget`` is the strength knob."""

    budget: int = DEFAULT_BUDGET
    """Trial pushes per push decision."""
    generations: int = 3
    keep: float = 0.25
    """The share of a generation's best pushes the next one is drawn around."""
    explore: float = 0.2
    """The share of each later generation drawn afresh from the whole space."""
    look_placements: int = 4
    """Placements (the best by the static value) whose forced push is searched for the next
    player."""
    look_trials: int = 6
    """Trial pushes for the next player per looked-at placement."""
    workers: int = 1
    """Processes resolving trials; any number gives the same choices."""
    hand: Hand | None = None
    """The hand every trial push is made with: the table's, for a bot that values a push by
    what the hand makes of it; None values the push aimed, as if made exactly (a hand-blind
    bot: docs/agents.md measures both)."""
    steady_pushes: int = 4
    """The best pushes of the search tried again with ``steady_draws`` fresh shakes of the hand
    each and chosen by their mean (only when the search keeps at least as many trials)."""
    steady_draws: int = 3
    shaken_search: bool = True
    """Whether the search's trials are shaken too; if not, only the re-draws are, and the mean
    counts the exact push as one draw."""

    def __post_init__(self) -> None:
        if self.budget < 1 or self.generations < 1:
            raise ValueError("a search tries at least one push in at least one generation")
        if self.look_placements < 0 or self.look_trials < 0 or self.workers < 1:
            raise ValueError("lookahead counts must be >= 0 and workers >= 1")
        if self.steady_pushes < 0 or self.steady_draws < 0:
            raise ValueError("steady pushes and draws must be >= 0")

    def split(self, budget: int) -> tuple[int, int]:
        """``budget`` as trials searched and trials re-drawn for steadiness: the re-draws only
        when a hand shakes and the search keeps at least as many trials as they take."""
        shakes = self.hand is not None and not self.hand.exact
        steady = self.steady_pushes * self.steady_draws if shakes else 0
        return (budget - steady, steady) if steady and budget >= 2 * steady else (budget, 0)

    @classmethod
    def at_budget(cls, budget: int, workers: int = 1, hand: Hand | None = None) -> SearchSettings:
        """Settings whose placement lookahead grows with the push budget (about half of it)."""
        return cls(budget=budget, look_trials=max(1, budget // 8), workers=workers, hand=hand)


@dataclass(frozen=True)
class Trial:
    """One push in the search space: triangle index, press point (unit square, folded onto the
    triangle), press strength, flick angle and the flick as a share of the hardest one."""

    tri: int
    u: float
    v: float
    strength: float
    angle: float
    speed: float

    def push(self, game: PusherGame, triangles: Sequence[Triangle]) -> Push:
        tri = triangles[self.tri]
        u, v = (1.0 - self.u, 1.0 - self.v) if self.u + self.v > 1.0 else (self.u, self.v)
        board = game.board
        cx, cy = board.triangle_centre(tri)
        scale = game.config.press_region * PRESS_SAFETY
        dx = dy = 0.0
        for w, cell in zip((1.0 - u - v, u, v), tri, strict=True):
            x, y = board.position(cell)
            dx += w * (x - cx) * scale
            dy += w * (y - cy) * scale
        top = game.resolver.max_flick_speed
        return Push(tri, (dx, dy), self.angle % (2 * math.pi), self.speed * top, self.strength)


CENTRE_UV = 1.0 / 3.0


def _fresh(rng: np.random.Generator, tri: int) -> Trial:
    u, v, strength, angle, speed = rng.random(5)
    return Trial(tri, float(u), float(v), float(strength), float(angle) * 2 * math.pi, float(speed))


def _spread(rng: np.random.Generator, count: int, triangles: int) -> list[Trial]:
    """``count`` trials over the whole space as a Latin hypercube: each of press strength, flick
    angle and flick speed falls once into each of ``count`` equal slices, so a small first
    generation never clusters on soft flicks by chance."""
    strata = [(rng.permutation(count) + rng.random(count)) / count for _ in range(3)]
    out = []
    for i in range(count):
        u, v = rng.random(2)
        strength, angle, speed = (float(s[i]) for s in strata)
        out.append(Trial(i % triangles, float(u), float(v), strength, angle * 2 * math.pi, speed))
    return out


def _around(parent: Trial, rng: np.random.Generator, sigma: float) -> Trial:
    u, v, strength, angle, speed = rng.normal(0.0, sigma, 5)
    return Trial(
        parent.tri,
        _clip(parent.u + u),
        _clip(parent.v + v),
        _clip(parent.strength + strength),
        parent.angle + float(angle) * 2 * math.pi,
        _clip(parent.speed + speed),
    )


def _clip(x: float) -> float:
    return min(1.0, max(0.0, float(x)))


# -- scoring ---------------------------------------------------------------------------------


def exposure_balance(game: PusherGame, balls: Mapping[Cell, Colour], colour: Colour) -> float:
    """The others' exposed balls minus one's own (each empty own-colour cup beside a ball)."""
    geo = game.geo
    share = 1.0 / max(1, game.num_players - 1)
    value = 0.0
    for at, col in balls.items():
        exposed = sum(1 for n in geo.neighbours[at] if n not in balls and geo.colour[n] == col)
        value += -exposed if col == colour else exposed * share
    return value


def push_value(
    game: PusherGame,
    outcome: PushOutcome,
    colour: Colour,
    tray: int,
) -> float:
    """What a resolved push is worth to the pusher of ``colour`` (``tray`` balls before it).

    Own balls back cost a ball each and the turn (P11(b)); none back keeps the turn (P11(c)),
    better still with a triangle left to push again (P11(a)), and with the tray then empty
    wins (P12); the others' balls back are their loss; the
    board left is judged by :func:`exposure_balance`.
    """
    colour_of = game.geo.colour
    own = others = 0
    staying: dict[Cell, Colour] = {}
    for cell, col in outcome.balls:
        if colour_of[cell] != col:
            staying[cell] = col
        elif col == colour:
            own += 1
        else:
            others += 1
    if own == 0 and tray - 1 == 0:
        return WIN
    share = 1.0 / max(1, game.num_players - 1)
    value = OTHERS_BACK * others * share - OWN_BACK * own
    if own == 0:
        value += KEEP_TURN
        if game.geo.pushable_triangles(staying, game.config.free_roll_empty_neighbours):
            value += PUSH_AGAIN
    return value + EXPOSURE * exposure_balance(game, staying, colour)


def _resolve_all(
    resolver: PushResolver, board: Board, balls: dict[Cell, Colour], specs: list[PushSpec]
) -> list[PushOutcome]:
    return [resolver.resolve(board, balls, s) for s in specs]


class SearchPusherBot:
    """Searches each push over ``settings.budget`` real resolves and looks ahead at placements.

    Deterministic for a given generator; ``trials`` counts every resolve it asked for, so
    tests can check the knob without a clock.
    """

    def __init__(self, settings: SearchSettings | None = None) -> None:
        self.settings = settings or SearchSettings()
        self.trials = 0
        self._pool: ProcessPoolExecutor | None = None

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown()
            self._pool = None

    def act(
        self, state: State, seat: int, legal: Sequence[Action], rng: np.random.Generator
    ) -> Action:
        st = pusher_state(state)
        if isinstance(legal[0], Push):
            triangles = [a.triangle for a in legal if isinstance(a, Push)]
            return self.best_push(st, triangles, self.settings.budget, rng)[0]
        places = [a for a in legal if isinstance(a, Place)]
        if len(legal) == 1 or not places or st.trays[st.to_move] == 1:
            return legal[0]  # a pass, a single choice, or the winning last ball (P12)
        return self._place(st, places, rng)

    # -- pushing -------------------------------------------------------------------------------

    def _evaluate(self, st: PusherState, pushes: list[Push]) -> list[float]:
        game = st.game
        specs = [p.spec(st.colour) for p in pushes]
        balls = dict(st.balls)
        self.trials += len(specs)
        workers = self.settings.workers
        if workers > 1 and len(specs) > 1:
            if self._pool is None:
                self._pool = start_pool(workers)
            size = math.ceil(len(specs) / workers)
            parts = [specs[i : i + size] for i in range(0, len(specs), size)]
            try:
                futures = [
                    self._pool.submit(_resolve_all, game.resolver, game.board, balls, part)
                    for part in parts
                ]
                outcomes = [o for f in futures for o in f.result()]
            except BaseException:  # Ctrl-C or a failed push: no worker is left running
                stop_now(self._pool)
                self._pool = None
                raise
        else:
            outcomes = _resolve_all(game.resolver, game.board, balls, specs)
        tray = st.trays[st.to_move]
        return [push_value(game, o, st.colour, tray) for o in outcomes]

    def best_push(
        self,
        st: PusherState,
        triangles: Sequence[Triangle],
        budget: int,
        rng: np.random.Generator,
    ) -> tuple[Push, float]:
        """The best of ``budget`` trial pushes of ``triangles`` and its value to the mover.

        Each trial is resolved as the hand makes it; when the budget allows, the best
        ``steady_pushes`` are tried ``steady_draws`` times more and the best mean is chosen.
        """
        game = st.game
        settings = self.settings
        searched, steady = settings.split(budget)
        gens = min(settings.generations, searched)
        sizes = [searched // gens + (1 if g < searched % gens else 0) for g in range(gens)]
        n_tri = len(triangles)
        first: list[Trial] = [
            Trial(t, CENTRE_UV, CENTRE_UV, 0.5, 0.0, 0.0) for t in range(min(n_tri, sizes[0]))
        ]
        first += _spread(rng, sizes[0] - len(first), n_tri)
        scored: list[tuple[float, int, Trial]] = []
        batch = first
        for g in range(gens):
            made = (
                self._made(game, triangles, batch, rng)
                if settings.shaken_search
                else [t.push(game, triangles) for t in batch]
            )
            values = self._evaluate(st, made)
            scored.extend((v, len(scored), t) for v, t in zip(values, batch, strict=True))
            scored.sort(key=lambda x: (-x[0], x[1]))
            if g + 1 == gens or scored[0][0] >= WIN:
                break
            elite = [t for _, _, t in scored[: max(1, math.ceil(len(scored) * settings.keep))]]
            sigma = 0.25 / (g + 1)
            batch = []
            for _ in range(sizes[g + 1]):
                if rng.random() < settings.explore:
                    batch.append(_fresh(rng, int(rng.integers(n_tri))))
                else:
                    batch.append(_around(elite[int(rng.integers(len(elite)))], rng, sigma))
        if steady and scored[0][0] < WIN:
            scored = self._steadiest(st, triangles, scored[: settings.steady_pushes], rng)
        best_value, _, best = scored[0]
        return best.push(game, triangles), best_value

    def _made(
        self,
        game: PusherGame,
        triangles: Sequence[Triangle],
        trials: Sequence[Trial],
        rng: np.random.Generator,
    ) -> list[Push]:
        """The pushes ``trials`` come to in the hand (drawn here, in order: any workers)."""
        hand = self.settings.hand
        aimed = [t.push(game, triangles) for t in trials]
        if hand is None or hand.exact:
            return aimed
        region = game.config.press_region
        top = game.resolver.max_flick_speed
        return [hand.make(push, game.board, region, top, rng) for push in aimed]

    def _steadiest(
        self,
        st: PusherState,
        triangles: Sequence[Triangle],
        best: list[tuple[float, int, Trial]],
        rng: np.random.Generator,
    ) -> list[tuple[float, int, Trial]]:
        """``best`` re-scored by the mean over their first draw and ``steady_draws`` more,
        best first."""
        draws = self.settings.steady_draws
        again = [t for _, _, t in best for _ in range(draws)]
        values = self._evaluate(st, self._made(st.game, triangles, again, rng))
        out = []
        for k, (first, order, trial) in enumerate(best):
            mean = (first + sum(values[k * draws : (k + 1) * draws])) / (1 + draws)
            out.append((mean, order, trial))
        return sorted(out, key=lambda x: (-x[0], x[1]))

    # -- placing -------------------------------------------------------------------------------

    def _place(self, st: PusherState, places: list[Place], rng: np.random.Generator) -> Place:
        """The placement whose board is best by exposure, less what it hands the next player."""
        game = st.game
        static: list[float] = []
        for action in places:
            balls = dict(st.balls)
            balls[action.cell] = st.colour
            static.append(EXPOSURE * exposure_balance(game, balls, st.colour))
        order = sorted(range(len(places)), key=lambda i: (-static[i], i))
        scores = {i: static[i] - PLACE_VALUE for i in order}
        looked = order[: self.settings.look_placements] if self.settings.look_trials else []
        for i in looked:
            scores[i] = static[i] - self._next_player_gain(st, places[i], rng)
        best = max(scores.values())
        tied = [places[i] for i in order if scores[i] == best]
        return tied[int(rng.integers(len(tied)))]

    def _next_player_gain(self, st: PusherState, place: Place, rng: np.random.Generator) -> float:
        """What the next player makes of the board after ``place``: their best found push when
        it forces one (P6), an ordinary placement's worth otherwise."""
        after = st.clone()
        after.apply(place)
        if after.is_terminal():
            return -WIN
        duty = after.duty()
        if duty.kind != "push":
            return PLACE_VALUE if duty.kind == "place" else 0.0
        _, value = self.best_push(after, list(duty.triangles), self.settings.look_trials, rng)
        return value
