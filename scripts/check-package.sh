#!/usr/bin/env bash
# Build the sdist, then a wheel from that sdist with no node or npm on the PATH (a pip user's
# machine), check both with twine and check-wheel-contents, keep both in dist/, then install the
# wheel into a fresh venv with its declared dependencies (from the package index) and play a move
# and run the command line there. Run by `make package` (and `make test`), which put the package
# group (build, twine, check-wheel-contents) in .venv.
set -euo pipefail
cd "$(dirname "$0")/.."
python="$PWD/.venv/bin/python"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "Building the sdist..."
"$python" -m build --sdist --outdir "$work/dist" . >"$work/sdist.log" 2>&1 \
  || { cat "$work/sdist.log"; exit 1; }
sdist=$(ls "$work"/dist/*.tar.gz)

echo "Building a wheel from the sdist with no node or npm on the PATH..."
mkdir "$work/bin"
ln -s "$python" "$work/bin/python"
env PATH="$work/bin" "$python" -m build --wheel --outdir "$work/dist" "$sdist" \
  >"$work/wheel.log" 2>&1 || { cat "$work/wheel.log"; exit 1; }
grep -q "Skipping build" "$work/wheel.log" \
  || { echo "the wheel build did not use the sdist's bundle" >&2; exit 1; }
wheel=$(ls "$work"/dist/*.whl)

"$python" -m twine check --strict "$sdist" "$wheel"
"$python" -m check_wheel_contents "$wheel"
# Kept for installing elsewhere (a machine with no node): pip install 'dist/<wheel>[lab]'.
mkdir -p dist
cp "$sdist" "$wheel" dist/
echo "Built dist/$(basename "$sdist") and dist/$(basename "$wheel")"

echo "Installing the wheel into a fresh venv with its declared dependencies..."
# Nothing borrowed from the dev venv: only what the wheel declares comes in.
"$python" -m venv "$work/venv"
"$work/venv/bin/python" -m pip install --quiet --disable-pip-version-check "$wheel"
"$work/venv/bin/python" -m pip check
version=$("$work/venv/bin/python" -c 'import kingscorner_widget as k; print(k.__version__)')
case "$(basename "$wheel")" in
  "kingscorner_widget-${version//-/_}-"*) ;;
  *) echo "the installed version $version is not the wheel's $(basename "$wheel")" >&2; exit 1 ;;
esac
[ "$version" != "0+unknown" ] || { echo "the wheel has no version from git" >&2; exit 1; }
(
  cd "$work"
  "$work/venv/bin/python" - <<'PY'
import pathlib
import sys

import kingscorner_widget
from kingscorner_widget import Game, KingsCornerWidget

here = pathlib.Path(kingscorner_widget.__file__).parent
assert str(here).startswith(sys.prefix), f"not the wheel's copy: {here}"
assert (here / "static" / "widget.js").stat().st_size > 1000
from kingscorner_widget.course import TUTORIALS
shipped = sorted(path.name for path in (here / "tutorials").iterdir() if path.is_file())
assert shipped == sorted(TUTORIALS), f"the wheel's tutorials are not the course's list: {shipped}"
for code in ("es", "fr", "de"):  # each language's, built from the course's catalogue
    shipped = sorted(path.name for path in (here / "tutorials" / code).iterdir())
    assert shipped == sorted(TUTORIALS), f"the wheel's {code} tutorials: {shipped}"
g = Game.from_position("N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1")
w = KingsCornerWidget(g, mode="explore")
w.play("Th>N")
assert w.snapshot["piles"]["N"] == ["Jc", "Th"]
print(f"kingscorner-widget {kingscorner_widget.__version__} from the wheel: plays")
PY
  # The command line as installed: its version, a best turn, and the tutorials copied out.
  "$work/venv/bin/kingscorner" --version
  "$work/venv/bin/kingscorner" best \
    "N:8s7h E:9d S:4c W:Jc NE:- SE:- SW:- NW:- P1:Qh6c2d P2:?7 stock:37 turn:P1" \
    | grep -q "best turn sheds 3 cards and goes out" \
    || { echo "kingscorner best did not find the best turn" >&2; exit 1; }
  "$work/venv/bin/kingscorner" tutorials "$work/tutorials" >/dev/null
  "$work/venv/bin/kingscorner" tutorials "$work/tutoriels" --language fr >/dev/null
  course=$("$work/venv/bin/python" -c 'from kingscorner_widget.course import TUTORIALS; print(len(TUTORIALS))')
  [ "$(ls "$work/tutorials" | wc -l)" -eq "$course" ] && [ "$(ls "$work/tutoriels" | wc -l)" -eq "$course" ] \
    || { echo "kingscorner tutorials did not copy exactly the course's $course notebooks" >&2; exit 1; }
  echo "kingscorner $version from the wheel: best turn found, tutorials copied"
)
