"""Golden playthroughs: one text file per game and seed, recording a whole game action by action.

OpenSpiel's idea (``integration_tests/playthroughs/``): play each game of ``cardgames.registry``
with a seeded player that sees only its seat (the game's reference player, or a random one) and
write down, at every step, whose turn it is, the legal actions, what every
seat sees (``state.view(seat)`` as stable text) and the action taken; at the end the returns.
``tests/test_playthroughs.py`` replays each file's actions on a fresh game and fails on any
difference, with a diff, so a change in an engine's behaviour cannot pass unnoticed.

    python tools/playthroughs.py               # check every file (exit status 1 on a difference)
    python tools/playthroughs.py --regenerate  # rewrite tests/playthroughs/*.txt after a deliberate change
    python tools/playthroughs.py --regenerate comrade-3p-seed1   # only the files named

A deliberate change of the rules or of a view (a renamed field, a new one) shows as a diff:
read it, then regenerate and commit the files with the change that caused it.

The files are written by :func:`observation_text` (how a view reads as text) and
:func:`playthrough_text` (the layout); adapt :func:`observation` when the views change shape.
"""

from __future__ import annotations

import argparse
import dataclasses
import difflib
import enum
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:     # run as a script from anywhere: the package is beside tools/
    sys.path.insert(0, str(ROOT))

from cardgames import registry  # noqa: E402
from cardgames.heart_challenge import HeartChallengeOptions  # noqa: E402
from cardgames.krypkille import KrypkilleOptions  # noqa: E402
from cardgames.players import RandomPlayer  # noqa: E402

FOLDER = ROOT / "tests" / "playthroughs"
HEADER = "# Golden playthrough; rewrite with: python tools/playthroughs.py --regenerate {name}"


@dataclass(frozen=True)
class Playthrough:
    """One recorded game: ``make()`` builds the start state (``recipe`` is how the file names it);
    ``players`` (``"reference"``: the registered game's own player, or ``"random"``) with ``seed``
    picks the actions, the same kind of player for every seat."""

    name: str
    game: str
    recipe: str
    make: Callable[[], Any]
    seed: int
    players: str = "reference"

    @property
    def path(self) -> Path:
        return FOLDER / f"{self.name}.txt"

    def player(self):
        """A seated player (``act(view, legal_actions)``), handed only ``state.view(seat)``."""
        if self.players == "random":
            return RandomPlayer(self.seed)
        return registry.get(self.game).reference_player(self.seed)


def _cases() -> list[Playthrough]:
    """Every registered game twice (its seeded ``examples`` 0 and 1; the reference player, then a
    random one), and a few rule options and table sizes the examples do not reach."""
    namespace = {"registry": registry, "KrypkilleOptions": KrypkilleOptions,
                 "HeartChallengeOptions": HeartChallengeOptions}

    def case(name, game, recipe, seed, players="reference"):
        return Playthrough(name, game, recipe, lambda: eval(recipe, namespace), seed, players)  # our own text

    cases = []
    for entry in registry.games():
        for seed, players in ((0, "reference"), (1, "random")):
            cases.append(case(f"{entry.name}-example{seed}-{players}", entry.name,
                              f"registry.get({entry.name!r}).examples({seed})", seed, players))
    cases += [
        case("krypkille-5p-left-alternative-seed3", "krypkille",
             "registry.get('krypkille').new_game(seed=3, num_players=5, dealer=2, options=KrypkilleOptions("
             "first_leader='left_of_dealer', penalties='alternative'))", 3),
        case("comrade-3p-seed1", "comrade",
             "registry.get('comrade').new_game(seed=1, players=3, hand_size=3, dealer=1)", 1),
        case("comrade-4p-win-seed7", "comrade",
             "registry.get('comrade').new_game(seed=7, hand_size=4, dealer=3)", 7),
        case("heart-challenge-5p-two-specials-seed4", "heart_challenge",
             "registry.get('heart_challenge').new_game(seed=4, num_players=5, options=HeartChallengeOptions("
             "rounds=1, specials_per_player=2, pass_is_final=False))", 4),
    ]
    return cases


CASES = _cases()


# -- text -------------------------------------------------------------------------------------

def _generated_repr(value) -> bool:
    """True when ``value``'s repr is the one ``@dataclass`` wrote (field by field), not the class's own."""
    r = type(value).__repr__
    return "__create_fn__" in getattr(r, "__wrapped__", r).__qualname__


def stable(value) -> str:
    """``value`` as text that is the same in every run: sets sorted, no memory addresses."""
    if value is None or isinstance(value, (bool, int, float)) and not isinstance(value, enum.Enum):
        return repr(value)
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, (list, tuple)):
        inner = ", ".join(stable(v) for v in value)
        return f"({inner},)" if isinstance(value, tuple) and len(value) == 1 else \
            (f"({inner})" if isinstance(value, tuple) else f"[{inner}]")
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(sorted(stable(v) for v in value)) + "}"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{stable(k)}: {stable(v)}" for k, v in value.items()) + "}"
    if dataclasses.is_dataclass(value) and _generated_repr(value):
        return type(value).__name__ + "(" + ", ".join(
            f"{f.name}={stable(getattr(value, f.name))}" for f in dataclasses.fields(value) if f.repr) + ")"
    text = repr(value)
    if " at 0x" in text:
        raise TypeError(f"{type(value).__name__} has no stable text (its repr shows an address): {text}")
    return text


def observation(state, seat: int) -> dict[str, Any]:
    """What ``seat`` sees, field by field: ``state.view(seat)`` as ``{field: value}``.

    The one place that knows the shape of a view: a view is a dataclass whose fields are taken
    in their order (``legal_actions`` is left out: the file lists them once per step)."""
    view = state.view(seat)
    if not dataclasses.is_dataclass(view):
        return {"view": view}
    return {f.name: getattr(view, f.name) for f in dataclasses.fields(view) if f.name != "legal_actions"}


def observation_text(now: dict[str, Any], before: dict[str, Any] | None = None) -> list[str]:
    """One line per field of an :func:`observation`; with ``before`` (the same seat's last one) only
    the fields that changed, and a sequence that grew as ``field += (new items)``."""
    lines = []
    for name, value in now.items():
        if before is not None and name in before:
            old = before[name]
            if stable(old) == stable(value):
                continue
            if isinstance(old, tuple) and isinstance(value, tuple) and old and value[:len(old)] == old:
                lines.append(f"{name} += {stable(value[len(old):])}")
                continue
        lines.append(f"{name}: {stable(value)}")
    return lines


def playthrough_text(case: Playthrough, actions: list[str] | None = None) -> str:
    """The file for ``case``: the seeded player's game, or (``actions``, from a file) that game
    replayed.  A recorded action the game refuses ends the text with the error, so the diff shows it.

    Each seat's view is written whole at the first step and at the end, and in between only
    what changed since that seat's previous line."""
    state = case.make()
    player = case.player()
    out = [HEADER.format(name=case.name), f"game: {case.recipe}", f"players: {case.players}, seed {case.seed}", ""]
    seen: dict[int, dict[str, Any]] = {}
    step = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        out.append(f"== step {step}")
        out.append(f"current player: {state.current_player()}")
        out.append(f"legal actions ({len(legal)}): " + " | ".join(str(a) for a in legal))
        for seat in range(state.num_players):
            now = observation(state, seat)
            out.append(f"seat {seat} sees:" if seat not in seen else f"seat {seat} sees, changed:")
            out.extend("  " + line for line in observation_text(now, seen.get(seat)))
            seen[seat] = now
        if actions is None:
            action = player.act(state.view(state.current_player()), legal)
        elif step < len(actions):
            action = actions[step]
        else:
            out.append("(the recorded actions end here, but the game goes on)")
            break
        try:
            state.apply(state.parse_action(str(action)) if actions is not None else action)
        except ValueError as exc:
            out.append(f"action: {action}")
            out.append(f"(refused: {type(exc).__name__}: {exc})")
            break
        out.append(f"action: {action}")
        out.append("")
        step += 1
    else:
        out.append("== terminal")
        for seat in range(state.num_players):
            out.append(f"seat {seat} sees:")
            out.extend("  " + line for line in observation_text(observation(state, seat)))
        out.append(f"returns: {stable(list(state.returns()))}")
    return "\n".join(out) + "\n"


def recorded_actions(text: str) -> list[str]:
    """The ``action:`` lines of a playthrough file, in order."""
    return [line[len("action: "):] for line in text.splitlines() if line.startswith("action: ")]


def difference(case: Playthrough, context: int = 3, limit: int = 60) -> str | None:
    """``None`` when replaying the file of ``case`` gives the file back, else a readable diff."""
    if not case.path.exists():
        return f"{case.path.name} is missing: python tools/playthroughs.py --regenerate {case.name}"
    recorded = case.path.read_text(encoding="utf-8")
    replayed = playthrough_text(case, recorded_actions(recorded))
    if replayed == recorded:
        return None
    old, new = recorded.splitlines(), replayed.splitlines()
    first = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), min(len(old), len(new)))
    step = next((line for line in reversed(new[:first + 1]) if line.startswith("== ")), "== the header")
    summary = [f"{case.path.name}: the replay differs from line {first + 1} on ({step[3:]})"]
    summary += [line for line in new if line.startswith("(refused: ") or line.startswith("(the recorded actions end")]
    diff = list(difflib.unified_diff(old, new, f"recorded {case.path.name}", "replayed now", n=context, lineterm=""))
    shown = diff[:limit] + ([f"... ({len(diff) - limit} more diff lines)"] if len(diff) > limit else [])
    regenerate = f"python tools/playthroughs.py --regenerate {case.name}"
    return "\n".join(summary + shown) + f"\nIf the change is meant: {regenerate}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--regenerate", action="store_true", help="rewrite the files instead of checking them")
    parser.add_argument("names", nargs="*", help="only these playthroughs (default: all)")
    args = parser.parse_args(argv)
    known = {c.name: c for c in CASES}
    unknown = [n for n in args.names if n not in known]
    if unknown:
        print(f"playthroughs: no playthrough named {unknown[0]!r} (known: {', '.join(known)})", file=sys.stderr)
        return 2
    chosen = [known[n] for n in args.names] or CASES
    if args.regenerate:
        FOLDER.mkdir(parents=True, exist_ok=True)
        for case in chosen:
            case.path.write_text(playthrough_text(case), encoding="utf-8")
            print(f"wrote {case.path.relative_to(ROOT)}")
        return 0
    failed = 0
    for case in chosen:
        diff = difference(case)
        print(f"{case.name}: {'same' if diff is None else 'DIFFERENT'}")
        if diff:
            print(diff)
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
