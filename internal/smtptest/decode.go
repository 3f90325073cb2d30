package smtptest

import (
	"encoding/base64"
	"io"
	"mime/quotedprintable"
)

func newBase64(r io.Reader) io.Reader { return base64.NewDecoder(base64.StdEncoding, r) }
func newQP(r io.Reader) io.Reader     { return quotedprintable.NewReader(r) }
