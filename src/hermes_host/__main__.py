from hermes_host.host import main

raise SystemExit(main())
