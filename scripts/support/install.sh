# What the scripts install when it is missing, each install one line on stderr
# ("installing X … done in 3 min 05 s"), with the time so far and what is being built shown
# while it runs (scripts/support/progress.sh), and apt's, pip's, npm's and cargo's output in
# one log file: $INSTALL_LOG, default target/install.log. Sourced by the scripts that need
# it, from the repository root:
#   . scripts/support/install.sh
#   install_notebook_tools      # each install_* does nothing when all is there
# Nothing is printed when nothing is installed. Each install done adds a line
# "== installed WHAT in N s" to the log (the tour counts them in its summary).
#
# System packages (apt: Chromium, Debian's Rust 1.85, libclang) are installed as root, so
# outside CI (CI=1, or CUDA_LIBRARY_INSTALL=yes) the scripts ask first; with no terminal to
# ask on they stop and say what to install.

INSTALL_LOG=${INSTALL_LOG:-$PWD/target/install.log}
# The checks below read a command's whole listing with `grep PATTERN >/dev/null`, never
# `grep -q`: grep -q stops at the first match, the listing command then dies of SIGPIPE, and
# under `set -o pipefail` the check fails, so a tool that is there gets installed again (CI
# reinstalled libclang-dev this way).
mkdir -p "$(dirname "$INSTALL_LOG")"
. scripts/support/progress.sh

# installing WHAT COMMAND...: runs COMMAND with its output appended to $INSTALL_LOG, showing
# progress on one line; on failure, the end of the log.
installing() {
  local what=$1
  shift
  echo "== installing $what: $*" >>"$INSTALL_LOG"
  if step "installing $what" "$INSTALL_LOG" "" "$@"; then
    echo "== installed $what in $STEP_SECONDS s" >>"$INSTALL_LOG"
  else
    tail -n 20 "$INSTALL_LOG" >&2
    return 1
  fi
}

# may_install_system_packages WHAT PACKAGE...: whether apt may install PACKAGE... as root: yes
# in CI (CI set and not "false" or "0") or with CUDA_LIBRARY_INSTALL=yes; otherwise the user
# is asked on the terminal. No terminal: no, with the command to run.
may_install_system_packages() {
  local what=$1
  shift
  case "${CUDA_LIBRARY_INSTALL:-}" in yes) return 0 ;; no) return 1 ;; esac
  case "${CI:-}" in "" | false | 0) ;; *) return 0 ;; esac
  local answer=""
  if { : </dev/tty; } 2>/dev/null; then
    printf '%s needs the system packages %s (apt-get install, as root). Install them now? [y/N] ' \
      "$what" "$*" >&2
    read -r answer </dev/tty || answer=""
  fi
  case "$answer" in
    y | Y | yes) return 0 ;;
  esac
  echo "not installing $*: run \`sudo apt-get install $*\` (or set CUDA_LIBRARY_INSTALL=yes) and start again" >&2
  return 1
}

# apt_install PACKAGE...: apt-get update and install, without debconf's questions.
apt_install() {
  local sudo_=""
  [ "$(id -u)" = 0 ] || sudo_=sudo
  $sudo_ apt-get update -q &&
    $sudo_ env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@"
}

# Python packages in .venv, installed when a pin is missing (`pip freeze` lists name==version).
pip_install() {
  local what=$1
  shift
  local installed missing=()
  installed="$(.venv/bin/python -m pip freeze --disable-pip-version-check 2>/dev/null || true)"
  for w in "$@"; do
    grep -qixF "$w" <<<"$installed" || missing+=("$w")
  done
  [ "${#missing[@]}" -eq 0 ] ||
    installing "$what (pip: ${missing[*]})" \
      .venv/bin/python -m pip install --disable-pip-version-check "${missing[@]}"
}

# Jupyter's notebook runner in .venv, the evcxr Rust kernel (registered with Jupyter) and the
# standard library's sources it needs (scripts/notebooks.sh).
EVCXR_VERSION=0.22.0
install_notebook_tools() {
  [ -x .venv/bin/python ] || installing "a Python venv (.venv)" python3 -m venv .venv
  pip_install "Jupyter's notebook runner" \
    nbclient==0.10.4 nbconvert==7.16.6 nbformat==5.10.4 jupyter_client==8.6.3
  cargo install --list | grep "^evcxr_jupyter v$EVCXR_VERSION:" >/dev/null ||
    installing "evcxr_jupyter $EVCXR_VERSION (cargo install; 9 to 25 minutes on 2 cores)" \
      cargo install --locked evcxr_jupyter --version "$EVCXR_VERSION"
  rustup component list --installed 2>/dev/null | grep '^rust-src' >/dev/null ||
    installing "rust-src (rustup)" rustup component add rust-src
  # Registers the Jupyter kernel `rust` (quick, and harmless when already registered).
  evcxr_jupyter --install >>"$INSTALL_LOG" 2>&1
}

# What the browser playground's build needs (scripts/playground.sh): the wasm32 target,
# wasm-bindgen-cli of the playground's pinned version, the npm packages (binaryen's wasm-opt,
# playwright-core, axe-core).
install_playground_build_tools() {
  rustup target list --installed 2>/dev/null | grep '^wasm32-unknown-unknown$' >/dev/null ||
    installing "the wasm32-unknown-unknown target (rustup)" \
      rustup target add wasm32-unknown-unknown
  local version
  version=$(sed -n 's/^wasm-bindgen = "=\(.*\)"/\1/p' playground/Cargo.toml)
  [ "$(wasm-bindgen --version 2>/dev/null)" = "wasm-bindgen $version" ] ||
    installing "wasm-bindgen-cli $version (cargo install; 4 to 7 minutes on 2 cores)" \
      cargo install wasm-bindgen-cli --version "$version"
  [ -x playground/node_modules/.bin/wasm-opt ] && [ -d playground/node_modules/playwright-core ] &&
    [ -f playground/node_modules/axe-core/axe.min.js ] ||
    installing "the playground's npm packages (npm ci)" \
      bash -c 'cd playground && npm ci --no-audit --no-fund --loglevel=error'
}

# What the playground's build and browser tests need (scripts/playground-test.sh): the build's
# tools and Debian's Chromium.
install_playground_tools() {
  install_playground_build_tools
  [ -x /usr/bin/chromium ] || {
    may_install_system_packages "The browser tests" chromium &&
      installing "Chromium (apt; 1 to 3 minutes)" apt_install chromium
  }
}

# Debian's rustc/cargo 1.85, the declared rust-version (scripts/msrv.sh).
MSRV_PKG_VERSION="1.85.0+dfsg3-1~deb12u3"
install_msrv_toolchain() {
  /usr/bin/rustc --version 2>/dev/null | grep "^rustc 1.85" >/dev/null || {
    may_install_system_packages "The rust-version check" "rustc-web=$MSRV_PKG_VERSION" &&
      installing "rustc/cargo 1.85 from Debian (apt: rustc-web $MSRV_PKG_VERSION)" \
      apt_install "rustc-web=$MSRV_PKG_VERSION" "cargo-web=$MSRV_PKG_VERSION" \
      "libstd-rust-web-dev=$MSRV_PKG_VERSION" "libstd-rust-web-1.85=$MSRV_PKG_VERSION"
  }
}

# libclang, which bindgen needs (scripts/regen-bindings.sh).
install_libclang() {
  ldconfig -p 2>/dev/null | grep 'libclang\(-[0-9.]*\)\?\.so' >/dev/null || {
    may_install_system_packages "The bindings check (bindgen)" libclang-dev &&
      installing "libclang-dev (apt; bindgen needs libclang)" apt_install libclang-dev
  }
}

# cargo-fuzz (scripts/fuzz.sh).
install_cargo_fuzz() {
  command -v cargo-fuzz >/dev/null 2>&1 ||
    installing "cargo-fuzz 0.13.2 (cargo install)" cargo install --locked cargo-fuzz@0.13.2
}
