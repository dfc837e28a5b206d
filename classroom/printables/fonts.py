"""Finding a font with Japanese glyphs, offline, for the printables.

matplotlib's own font (DejaVu Sans) has Latin letters and the suit symbols ♠♥♦♣ but no Japanese, so
every printable names a list of families, DejaVu Sans first and a Japanese font second, and matplotlib
falls back to the second for the glyphs the first lacks.

The Japanese font is looked for in this order:

1. the file named by the environment variable ``CARDGAMES_CJK_FONT`` (a ``.ttf``/``.otf`` path);
2. a known family already registered with matplotlib (Debian's ``fonts-ipafont-gothic`` gives
   ``IPAPGothic``; ``fonts-noto-cjk`` gives ``Noto Sans CJK JP``);
3. a font file of a known family installed on the system but not yet in matplotlib's font cache
   (the cache may be older than the font: Debian's package installed after matplotlib);
4. any registered font file that has glyphs for 「道化師」 and 「ハート」.

A "last resort" font (matplotlib ships *Last Resort High-Efficiency*) is never chosen: it maps every
character to a box showing its code block, so its "glyphs" are exactly the empty boxes to avoid.

When none is found, :func:`japanese_font` raises :class:`NoJapaneseFontError`, whose message says what
to install; nothing is printed with empty boxes instead of words.

    >>> issubclass(NoJapaneseFontError, LookupError)
    True
    >>> SAMPLE
    '道化師ハート'
"""

from __future__ import annotations

import os
from functools import lru_cache

__all__ = ["NoJapaneseFontError", "KNOWN_FAMILIES", "SAMPLE", "ENV_VAR", "japanese_font", "font_families"]

#: The environment variable that names a font file to use.
ENV_VAR = "CARDGAMES_CJK_FONT"
#: Characters the font must have (picture names of the Kille deck and the Heart Challenge "heart").
SAMPLE = "道化師ハート"
#: Families tried by name, most likely first.
KNOWN_FAMILIES = (
    "IPAPGothic", "IPAGothic", "Noto Sans CJK JP", "Noto Sans JP", "Source Han Sans JP",
    "TakaoPGothic", "VL PGothic", "IPAexGothic", "Hiragino Sans", "Yu Gothic", "MS Gothic",
)

_HELP = ("no font with Japanese glyphs found for the printables: install one, e.g. "
         "'apt-get install fonts-ipafont-gothic' (Debian/Ubuntu; `make test` does this as root) "
         f"or 'apt-get install fonts-noto-cjk', or set {ENV_VAR} to a .ttf/.otf file with Japanese glyphs")


class NoJapaneseFontError(LookupError):
    """No font with Japanese glyphs is available; the message says what to install."""


def _has_glyphs(path: str, text: str = SAMPLE) -> bool:
    from matplotlib.ft2font import FT2Font

    try:
        font = FT2Font(path)
    except (OSError, RuntimeError, ValueError):
        return False
    return all(font.get_char_index(ord(ch)) for ch in text)


def _register(path: str) -> str:
    from matplotlib import font_manager

    font_manager.fontManager.addfont(path)
    return font_manager.FontProperties(fname=path).get_name()


@lru_cache(maxsize=None)
def _find(env_value: str | None) -> str:
    from matplotlib import font_manager

    if env_value:
        if not os.path.isfile(env_value):
            raise NoJapaneseFontError(f"{ENV_VAR}={env_value!r} is not a font file")
        if not _has_glyphs(env_value):
            raise NoJapaneseFontError(f"{ENV_VAR}={env_value!r} has no Japanese glyphs ({SAMPLE})")
        return _register(env_value)
    entries = font_manager.fontManager.ttflist
    by_name: dict[str, list[str]] = {}
    for entry in entries:
        by_name.setdefault(entry.name, []).append(entry.fname)
    for family in KNOWN_FAMILIES:
        for path in by_name.get(family, []):
            if _has_glyphs(path):
                return family
    known = {f.lower() for f in KNOWN_FAMILIES}
    system = sorted(font_manager.findSystemFonts())
    for path in system:                        # installed after matplotlib built its font cache
        try:
            name = font_manager.FontProperties(fname=path).get_name()
        except (OSError, RuntimeError, ValueError):
            continue
        if name.lower() in known and _has_glyphs(path):
            return _register(path)
    for entry in entries:
        if not _last_resort(entry.name) and _has_glyphs(entry.fname):
            return entry.name
    raise NoJapaneseFontError(_HELP)


def _last_resort(family: str) -> bool:
    """A font that draws every character as a placeholder box (see the module docstring)."""
    return family.lower().startswith("last resort")


def japanese_font() -> str:
    """The family name of a registered font with Japanese glyphs (see the module docstring).

    Raises :class:`NoJapaneseFontError` when there is none.
    """
    return _find(os.environ.get(ENV_VAR) or None)


def font_families() -> list[str]:
    """The ``font.family`` list for every printable: DejaVu Sans, then the Japanese font."""
    return ["DejaVu Sans", japanese_font()]
