# What the scripts install when it is missing, each install one line on stderr
# ("installing X … done (log: …)") with apt's, pip's, npm's and cargo's output in one log
# file: $INSTALL_LOG, default target/install.log. Sourced by the scripts that need it, from
# the repository root:
#   . scripts/support/install.sh
#   install_notebook_tools      # each install_* does nothing when all is there
# Nothing is printed when nothing is installed.

INSTALL_LOG=${INSTALL_LOG:-$PWD/target/install.log}
mkdir -p "$(dirname "$INSTALL_LOG")"

# installing WHAT COMMAND...: runs COMMAND with its output appended to $INSTALL_LOG and says
# so in one line; on failure, the end of the log.
installing() {
  local what=$1
  shift
  printf 'installing %s … ' "$what" >&2
  echo "== installing $what: $*" >>"$INSTALL_LOG"
  if "$@" </dev/null >>"$INSTALL_LOG" 2>&1; then
    echo "done (log: ${INSTALL_LOG#"$PWD/"})" >&2
  else
    echo "failed (log: ${INSTALL_LOG#"$PWD/"}):" >&2
    tail -n 20 "$INSTALL_LOG" >&2
    return 1
  fi
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
  cargo install --list | grep -q "^evcxr_jupyter v$EVCXR_VERSION:" ||
    installing "evcxr_jupyter $EVCXR_VERSION (cargo install; about 9 minutes on 2 cores)" \
      cargo install --locked evcxr_jupyter --version "$EVCXR_VERSION"
  rustup component list --installed 2>/dev/null | grep -q '^rust-src' ||
    installing "rust-src (rustup)" rustup component add rust-src
  # Registers the Jupyter kernel `rust` (quick, and harmless when already registered).
  evcxr_jupyter --install >>"$INSTALL_LOG" 2>&1
}

# What the browser playground's build and tests need (scripts/playground.sh and
# scripts/playground-test.sh install the same when run alone): the wasm32 target,
# wasm-bindgen-cli of the playground's pinned version, the npm packages, Chromium.
install_playground_tools() {
  rustup target list --installed 2>/dev/null | grep -q '^wasm32-unknown-unknown$' ||
    installing "the wasm32-unknown-unknown target (rustup)" \
      rustup target add wasm32-unknown-unknown
  local version
  version=$(sed -n 's/^wasm-bindgen = "=\(.*\)"/\1/p' playground/Cargo.toml)
  [ "$(wasm-bindgen --version 2>/dev/null)" = "wasm-bindgen $version" ] ||
    installing "wasm-bindgen-cli $version (cargo install; about 4 minutes on 2 cores)" \
      cargo install wasm-bindgen-cli --version "$version"
  [ -x playground/node_modules/.bin/wasm-opt ] && [ -d playground/node_modules/playwright-core ] ||
    installing "the playground's npm packages (npm ci)" \
      bash -c 'cd playground && npm ci --no-audit --no-fund --loglevel=error'
  [ -x /usr/bin/chromium ] || installing "Chromium (apt)" apt_install chromium
}

# Debian's rustc/cargo 1.85, the declared rust-version (scripts/msrv.sh).
MSRV_PKG_VERSION="1.85.0+dfsg3-1~deb12u3"
install_msrv_toolchain() {
  /usr/bin/rustc --version 2>/dev/null | grep -q "^rustc 1.85" ||
    installing "rustc/cargo 1.85 from Debian (apt: rustc-web $MSRV_PKG_VERSION)" \
      apt_install "rustc-web=$MSRV_PKG_VERSION" "cargo-web=$MSRV_PKG_VERSION" \
      "libstd-rust-web-dev=$MSRV_PKG_VERSION" "libstd-rust-web-1.85=$MSRV_PKG_VERSION"
}

# libclang, which bindgen needs (scripts/regen-bindings.sh).
install_libclang() {
  ldconfig -p 2>/dev/null | grep -q 'libclang\(-[0-9.]*\)\?\.so' ||
    installing "libclang-dev (apt; bindgen needs libclang)" apt_install libclang-dev
}

# cargo-fuzz (scripts/fuzz.sh).
install_cargo_fuzz() {
  command -v cargo-fuzz >/dev/null 2>&1 ||
    installing "cargo-fuzz 0.13.2 (cargo install)" cargo install --locked cargo-fuzz@0.13.2
}
