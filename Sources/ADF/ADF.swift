// The ADF module; see ../shared/design/architecture.md.
