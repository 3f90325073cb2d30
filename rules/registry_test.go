package rules_test

import "github.com/chancery/chancery/variants"

// registry is loaded once: the embedded variant files never change.
var registry = variants.MustLoad()
