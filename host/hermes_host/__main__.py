"""``python -m hermes_host <origin>`` is the native host, as Chrome starts it (the caller's origin is
``argv[1]``); ``python -m hermes_host install ...`` installs the manifest that tells Chrome where it is.

``install`` can never be mistaken for an origin: origins are ``chrome-extension://<id>/``.
"""

import sys

from hermes_host import host, install

if sys.argv[1:2] == ["install"]:
    raise SystemExit(install.main(sys.argv[2:]))
raise SystemExit(host.main())
