"""The native-messaging host that Chrome launches for the Hermes extension (built in its own issue)."""
