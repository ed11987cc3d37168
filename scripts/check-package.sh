#!/usr/bin/env bash
# Build the sdist, then a wheel from that sdist with no node or npm on the PATH (a pip user's
# machine), check both with twine and check-wheel-contents, keep both in dist/, and play a move
# from the installed wheel. Run by `make test`; needs the dev tools in .venv.
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

echo "Installing the wheel and playing from it..."
"$python" -m pip install --quiet --no-deps --target "$work/site" "$wheel"
(
  cd "$work"
  PYTHONPATH="$work/site" "$python" - <<'PY'
import pathlib
import kingscorner_widget
from kingscorner_widget import Game, KingsCornerWidget

here = pathlib.Path(kingscorner_widget.__file__).parent
assert str(here).startswith(str(pathlib.Path.cwd())), f"not the wheel's copy: {here}"
assert (here / "static" / "widget.js").stat().st_size > 1000
assert len(list((here / "tutorials").glob("*.ipynb"))) >= 6
g = Game.from_position("N:Jc E:6h S:5s W:- NE:- SE:- SW:- NW:- P1:ThKs4h P2:?7 stock:39 turn:P1")
w = KingsCornerWidget(g, mode="explore")
w.play("Th>N")
assert w.snapshot["piles"]["N"] == ["Jc", "Th"]
print(f"kingscorner-widget {kingscorner_widget.__version__} from the wheel: plays")
PY
)
