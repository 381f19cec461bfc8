// The Proctoring module; see ../shared/design/architecture.md.
