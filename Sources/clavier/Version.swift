// Written by make from packaging/debian/changelog, the one place the version is set: do not edit.

/// The version `clavier --version` prints: the Debian package's version.
let clavierVersion = "0.1.0"
