// The Recordings module; see ../shared/design/architecture.md.
