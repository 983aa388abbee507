//! Shared machinery of the decoding rules (compatibility, base64, hex): decode, then ask the
//! content rules what the decoded text says.
