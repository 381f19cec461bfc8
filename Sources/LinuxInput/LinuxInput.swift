// The LinuxInput module; see ../shared/design/architecture.md.
