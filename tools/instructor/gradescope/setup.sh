#!/usr/bin/env bash
# The Gradescope autograder's setup: Gradescope runs this once, as root, when it builds the
# autograder's image (Ubuntu), with the zip unpacked in /autograder/source. It installs a supported
# Node LTS unless one is already there, then exactly the packages grading imports at run time (the
# autograder's own package.json and lockfile, written by `npm run export:gradescope`: no browser, no
# bundler, no test runner).
#
# Environment (for tests; Gradescope sets none of these):
#   AUTOGRADER_MIN_NODE  the oldest Node major kept instead of installing one (default 22). The
#                        course's tests lower it to the Node of the machine that runs them, so that
#                        this script runs there without touching the system; on Gradescope, leave it.
set -euo pipefail

# Node 24 is the newest LTS (supported until April 2028); 22 is still supported (until April 2027),
# so a 22 already in the image is kept. Node 20 reached its end of life in April 2026.
NODE_MAJOR=24
MIN_NODE="${AUTOGRADER_MIN_NODE:-22}"

# Whether `node` is on the PATH and at least MIN_NODE.
suitable_node() {
  command -v node >/dev/null 2>&1 &&
    [ "$(node -p 'process.versions.node.split(".")[0]')" -ge "$MIN_NODE" ]
}

if suitable_node; then
  echo "setup.sh: using the installed Node $(node --version)"
else
  # NodeSource's repository for Debian/Ubuntu: apt then installs (and could update) Node like any
  # package. No question may wait for an answer: nobody is at the terminal.
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y --no-install-recommends ca-certificates curl gnupg
  curl -fsSL "https://deb.nodesource.com/setup_${NODE_MAJOR}.x" | bash -
  apt-get install -y --no-install-recommends nodejs
  suitable_node || { echo "setup.sh: Node ${NODE_MAJOR} did not install" >&2; exit 1; }
  echo "setup.sh: installed Node $(node --version)"
fi

# Only the grader's run-time packages (see tools/instructor/export-gradescope.ts, GRADER_DEPENDENCIES),
# at the versions the course locks.
cd "$(dirname "$0")/course"
npm ci --omit=dev --no-audit --no-fund
