// Package layers holds the test that keeps the drawing of the layers in
// docs/design.md true: each package imports only packages drawn below it,
// and every package is drawn; and the README's layout table names every
// package.
package layers
