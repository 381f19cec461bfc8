// PatientData: how StylusKit keeps patient identifiers out of results files in plaintext.
//
// - `PatientDetails`: the six fields and the spec's quoted, comma-separated line.
// - `ClinicianKeyFile` / `ClinicianKey`: the password-protected data key and the local copy
//   (`LocalPatientEncodedID`, AES-256-GCM).
// - `ServerPublicKey` / `ServerPrivateKey`: the external copy (`PatientEncodedID`, RSA-OAEP-SHA256
//   wrapping an AES-256-GCM key).
// - `ResultsFileBinding`: what ties a record to its results file (the authenticated data).
// - `Terminal`: passwords with echo off, or from standard input when it is not a terminal.
//
// Record format version 1, the value of both XML fields: base64 of a JSON object with sorted keys,
//   local:    {"v":1,"kind":"local","kdf":{"name","iterations","salt"},"key":KEYID,
//              "file":{"fileName","startTimestamp"},"nonce","ciphertext","tag"}
//   external: {"v":1,"kind":"external","alg":"RSA-OAEP-SHA256+AES-256-GCM","key":KEYID,
//              "file":{...},"wrappedKey","nonce","ciphertext","tag"}
// (binary parts base64). The authenticated data is the length-prefixed list of the version, kind,
// KDF and its parameters (local) or algorithm (external), key id, and the file name and start
// timestamp of the results file being read, so a record moved to another file, or with its
// parameters edited, fails authentication. `file` is a plaintext hint for the error message only.
