// Package maps draws Chancery's boards from real coastlines and proves each
// drawing has exactly its rules' borders.
//
// A variant's layout file (variants/NAME.layout, see ParseLayout and
// docs/maps.md) gives a projection, a frame and, for every province,
// anchor points in longitude and latitude. The generator rasterises Natural
// Earth's land polygons in that frame, lets every province grow from its
// anchors (land provinces over land, seas over water), traces the result
// into shared borders and writes one SVG per variant. The proof reads that
// SVG back and compares its shared edges with the rules' adjacency.
package maps
