# Shared shell functions for ./reproduce, ./test, ./bench and scripts/*. Source it; do not run it.
# Sets QUEUELAB_ROOT (the project root) and provides:
#   ql_require_tools       java 17+, mvn, python3 with venv: a clear message naming what to install if missing
#   ql_build               mvn package (no tests): library, display jar, notebooks/display/target/kernel-lib, kernel jar
#   ql_ensure_venv         .venv with the pinned requirements.txt (re-installed when requirements.txt changes)
#   ql_require_build       fails with a hint when the kernel classpath or the kernel jar is missing
#   ql_python              the venv's python

QUEUELAB_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export QUEUELAB_ROOT
QL_VENV="$QUEUELAB_ROOT/.venv"
QL_KERNEL_DIR="$QUEUELAB_ROOT/notebooks/jupyter/kernels/queuelab"
QL_KERNEL_LIB="$QL_KERNEL_DIR/lib"

ql_die() { echo "error: $*" >&2; exit 1; }
ql_note() { echo "==> $*" >&2; }

ql_require_tools() {
  local missing=()
  if ! command -v java >/dev/null 2>&1; then
    missing+=("a JDK 17 or newer (Debian/Ubuntu: apt-get install openjdk-17-jdk-headless; or https://adoptium.net)")
  else
    local v
    v="$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')"
    if [[ -z "$v" || "${v%%.*}" -lt 17 ]]; then
      missing+=("a JDK 17 or newer on PATH (found java $v)")
    fi
    command -v javac >/dev/null 2>&1 || missing+=("a full JDK (javac not found; a JRE is not enough)")
  fi
  command -v mvn >/dev/null 2>&1 || missing+=("Apache Maven 3.8+ (Debian/Ubuntu: apt-get install maven)")
  if ! command -v python3 >/dev/null 2>&1; then
    missing+=("Python 3.10+ with venv (Debian/Ubuntu: apt-get install python3 python3-venv)")
  else
    python3 -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else 1)' \
      || missing+=("Python 3.10 or newer (found $(python3 --version 2>&1))")
    python3 -c 'import venv, ensurepip' >/dev/null 2>&1 \
      || missing+=("Python's venv module (Debian/Ubuntu: apt-get install python3-venv)")
  fi
  if ((${#missing[@]})); then
    echo "queuelab needs:" >&2
    printf '  - %s\n' "${missing[@]}" >&2
    exit 1
  fi
}

ql_build() {
  ql_note "building (mvn -B -ntp -q package -DskipTests)"
  (cd "$QUEUELAB_ROOT" && mvn -B -ntp -q package -DskipTests) || ql_die "the Maven build failed"
}

ql_require_build() {
  ls "$QL_KERNEL_LIB"/queuelab-notebook-*.jar >/dev/null 2>&1 \
    || ql_die "no kernel classpath in $QL_KERNEL_LIB; run: mvn -B -ntp package -DskipTests (from $QUEUELAB_ROOT)"
  ls "$QL_KERNEL_LIB"/rapaio-jupyter-kernel-*.jar >/dev/null 2>&1 \
    || ql_die "no kernel jar in $QL_KERNEL_DIR; run: mvn -B -ntp package -DskipTests (from $QUEUELAB_ROOT)"
}

ql_ensure_venv() {
  local req="$QUEUELAB_ROOT/requirements.txt" stamp="$QL_VENV/.requirements.sha256" want
  want="$(sha256sum "$req" | cut -d' ' -f1)"
  if [[ -x "$QL_VENV/bin/python" && -f "$stamp" && "$(cat "$stamp")" == "$want" ]]; then
    return 0
  fi
  if [[ ! -x "$QL_VENV/bin/python" ]]; then
    ql_note "creating the Python environment $QL_VENV"
    python3 -m venv "$QL_VENV" || ql_die "python3 -m venv failed (Debian/Ubuntu: apt-get install python3-venv)"
  fi
  ql_note "installing the pinned Python packages (requirements.txt) into .venv"
  "$QL_VENV/bin/python" -m pip install -q --disable-pip-version-check -r "$req" \
    || ql_die "pip install -r requirements.txt failed"
  echo "$want" > "$stamp"
}

ql_python() { "$QL_VENV/bin/python" "$@"; }

# plotly.min.js of the pinned plotly package into the kernelspec's lib folder: the kernel inlines it with a
# session's first figure, so nbconvert's default HTML export (JupyterLab's menu) draws figures offline
ql_kernel_plotly() {
  ql_python -c 'import sys; sys.path.insert(0, sys.argv[1]); import queuelab_notebooks as q; q.install_plotly_js()' \
    "$QUEUELAB_ROOT/scripts" || ql_die "could not copy plotly.min.js into $QL_KERNEL_DIR/lib"
}
