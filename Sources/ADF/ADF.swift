// The ADF module: Assessment Data Files (ADF XML with RawData), written through libxml2.
// See ../shared/design/architecture.md and ../shared/spec/adf.md.
//
// `ADFRecorder` records a test as it happens (flat memory) and writes the file at the end;
// `ADFDocument` is the same content as a value, for tests and for small documents.
