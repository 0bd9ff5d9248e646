"""Write a lesson on the reference deal's opening (R29) as a web page in each language.

The reference deal, ``CF1-D3-AAAAACL``, opens with three moves: Q♣ from the reserve
onto K♥, 8♥ to its foundation, then K♥ with Q♣ onto A♠, after which the reserve fills
the emptied column with Q♠.  Each page replays them with :func:`pycanfield.render_html`
and tells every move in its language; a short introduction goes above the table, and
an ``index.html`` links the pages.  Run::

    python examples/lesson_pages.py              # into a new temporary directory
    python examples/lesson_pages.py lessons/     # into lessons/

Each page is a single file that works offline: open it in a browser, or send it.
"""

from __future__ import annotations

import argparse
import html
import tempfile
from pathlib import Path

import pycanfield as cf

CODE = "CF1-D3-AAAAACL"
OPENING = ["R>2", "R>F", "2>4X2"]
"""The opening of the reference deal's winning game (R29)."""

TITLES = {
    "en": "Lesson: the opening of the reference deal",
    "ru": "Урок: дебют эталонной раскладки",
    "cs": "Lekce: zahájení referenčního rozdání",
    "el": "Μάθημα: το άνοιγμα του μοιράσματος αναφοράς",
    "fr": "Leçon : l'ouverture de la donne de référence",
}
INTRODUCTIONS = {
    "en": "Rule R29 checks every Canfield program on one deal, {code}. Its opening takes "
    "three moves and scores {score} points. Step through them with the buttons or the "
    "arrow keys, and read under the table what each move does.",
    "ru": "Правило R29 проверяет любую программу для «Канфилда» на одной раскладке, {code}. "
    "Её дебют — три хода, которые приносят {score} очков. Листайте их кнопками или "
    "стрелками и читайте под столом, что делает каждый ход.",
    "cs": "Pravidlo R29 ověřuje každý program pro Canfield na jednom rozdání, {code}. Jeho "
    "zahájení má tři tahy a přinese {score} bodů. Procházejte je tlačítky nebo šipkami a "
    "pod stolem si přečtěte, co každý tah dělá.",
    "el": "Ο κανόνας R29 ελέγχει κάθε πρόγραμμα Canfield σε ένα μοίρασμα, το {code}. Το "
    "άνοιγμά του έχει τρεις κινήσεις και δίνει {score} πόντους. Περάστε τις με τα κουμπιά "
    "ή τα βέλη και διαβάστε κάτω από το τραπέζι τι κάνει κάθε κίνηση.",
    "fr": "La règle R29 vérifie tout programme de Canfield sur une seule donne, {code}. Son "
    "ouverture compte trois coups et rapporte {score} points. Parcourez-les avec les "
    "boutons ou les flèches, et lisez sous la table ce que fait chaque coup.",
}


def lesson(lang: str) -> str:
    """The lesson page in one language: the replay, with an introduction above it."""
    start = cf.deal(CODE)
    end = start
    for text in OPENING:
        end = cf.apply(end, cf.Move.parse(text))
    page = cf.render_html(start, OPENING, lang=lang, title=TITLES[lang])
    intro = INTRODUCTIONS[lang].format(code=CODE, score=end.score)
    # The page is a string: text of one's own goes in after the heading.
    return page.replace("</h1>\n", f"</h1>\n<p>{html.escape(intro)}</p>\n", 1)


def write_lessons(out: Path) -> list[Path]:
    """Write ``lesson-<lang>.html`` for every language and an ``index.html``."""
    out.mkdir(parents=True, exist_ok=True)
    pages = []
    for lang in cf.LANGUAGES:
        path = out / f"lesson-{lang}.html"
        path.write_text(lesson(lang), encoding="utf-8")
        pages.append(path)
    links = "\n".join(
        f'<li><a href="{p.name}" hreflang="{lang}">{html.escape(TITLES[lang])}</a></li>'
        for lang, p in zip(cf.LANGUAGES, pages, strict=True)
    )
    index = (
        f"<!doctype html>\n<meta charset='utf-8'>\n<title>{CODE}</title>\n<ul>\n{links}\n</ul>\n"
    )
    (out / "index.html").write_text(index, encoding="utf-8")
    return pages


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", nargs="?", help="directory for the pages (default: a temp dir)")
    parser.add_argument("--smoke", action="store_true", help="a quick run for CI")
    args = parser.parse_args()
    if args.out:
        out = Path(args.out)
    elif args.smoke:
        with tempfile.TemporaryDirectory() as scratch:  # a check only: leave nothing behind
            report(write_lessons(Path(scratch)))
        return
    else:
        out = Path(tempfile.mkdtemp(prefix="canfield-lessons-"))
    report(write_lessons(out))
    print(f"open {out / 'index.html'} to choose a language")


def report(pages: list[Path]) -> None:
    for path in pages:
        text = path.read_text(encoding="utf-8")
        steps = text.count('"move":"') - 1
        print(f"{path.name}: {len(text.encode()) / 1024:.0f} KiB, {steps} moves after the deal")


if __name__ == "__main__":
    main()
