from .host import main

raise SystemExit(main())
