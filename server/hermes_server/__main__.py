from hermes_server.agents.cli import main

raise SystemExit(main())
