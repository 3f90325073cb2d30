package daide

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// The message types of the client-server protocol.
const (
	typeIM = 0 // initial message, client to server
	typeRM = 1 // representation message, server to client
	typeDM = 2 // diplomacy message: a language message
	typeFM = 3 // final message
	typeEM = 4 // error message
)

// The error codes of an error message.
const (
	ErrIMTimer         = 0x01
	ErrIMNotFirst      = 0x02
	ErrIMWrongEndian   = 0x03
	ErrIMMagic         = 0x04
	ErrVersion         = 0x05
	ErrIMTwice         = 0x06
	ErrIMFromServer    = 0x07
	ErrUnknownMessage  = 0x08
	ErrShortMessage    = 0x09
	ErrDMBeforeRM      = 0x0A
	ErrRMNotFirst      = 0x0B
	ErrUnexpectedRM    = 0x0C
	ErrRMFromClient    = 0x0D
	ErrInvalidTokenDM  = 0x0E
	protocolVersion    = 1
	magic              = 0xDA10
	maxMessageBytes    = 1 << 16 // the length field's limit
	representationSize = 6
)

// frame is one message of the protocol as it crosses the wire.
type frame struct {
	typ  byte
	data []byte
}

// ProtocolError is a message that breaks the protocol's structure: the
// receiving side sends an error message with Code and closes.
type ProtocolError struct {
	Code int
	What string
}

func (e *ProtocolError) Error() string {
	return fmt.Sprintf("daide: protocol error 0x%02X: %s", e.Code, e.What)
}

// RemoteError is an error message received from the other side.
type RemoteError struct{ Code int }

func (e *RemoteError) Error() string {
	return fmt.Sprintf("daide: the other side sent error 0x%02X", e.Code)
}

// ErrClosed is the final message: the other side closed the connection.
var ErrClosed = errors.New("daide: the other side closed the connection")

// readFrame reads one message.
func readFrame(r *bufio.Reader) (frame, error) {
	var h [4]byte
	if _, err := io.ReadFull(r, h[:]); err != nil {
		return frame{}, err
	}
	n := int(binary.BigEndian.Uint16(h[2:]))
	f := frame{typ: h[0], data: make([]byte, n)}
	if _, err := io.ReadFull(r, f.data); err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return frame{}, &ProtocolError{ErrShortMessage, "message shorter than its length"}
		}
		return frame{}, err
	}
	return f, nil
}

// appendFrame appends one message in wire form to b.
func appendFrame(b []byte, typ byte, data []byte) []byte {
	b = append(b, typ, 0)
	b = binary.BigEndian.AppendUint16(b, uint16(len(data)))
	return append(b, data...)
}

// encodeDM returns the wire form of a diplomacy message, or an error when
// it is too long for one message.
func encodeDM(m Message) ([]byte, error) {
	if 2*len(m) >= maxMessageBytes {
		return nil, fmt.Errorf("daide: a message of %d tokens is too long for the protocol", len(m))
	}
	data := make([]byte, 2*len(m))
	for i, t := range m {
		binary.BigEndian.PutUint16(data[2*i:], uint16(t))
	}
	return appendFrame(nil, typeDM, data), nil
}

// decodeDM reads the tokens of a diplomacy message's data.
func decodeDM(data []byte) (Message, error) {
	if len(data) < 2 || len(data)%2 != 0 {
		return nil, &ProtocolError{ErrShortMessage, "a diplomacy message's length must be a positive even number"}
	}
	m := make(Message, len(data)/2)
	for i := range m {
		m[i] = Token(binary.BigEndian.Uint16(data[2*i:]))
		if c := m[i].Category(); c >= 0x58 && c <= 0x5F {
			return nil, &ProtocolError{ErrInvalidTokenDM, fmt.Sprintf("token 0x%04X is reserved", uint16(m[i]))}
		}
	}
	return m, nil
}

// encodeIM is the initial message.
func encodeIM() []byte {
	var d [4]byte
	binary.BigEndian.PutUint16(d[:], protocolVersion)
	binary.BigEndian.PutUint16(d[2:], magic)
	return appendFrame(nil, typeIM, d[:])
}

// checkIM checks an initial message's data.
func checkIM(data []byte) error {
	if len(data) != 4 {
		return &ProtocolError{ErrShortMessage, "an initial message has 4 bytes"}
	}
	switch m := binary.BigEndian.Uint16(data[2:]); {
	case m == 0x10DA:
		return &ProtocolError{ErrIMWrongEndian, "initial message in the wrong byte order"}
	case m != magic:
		return &ProtocolError{ErrIMMagic, "wrong magic number"}
	}
	if binary.BigEndian.Uint16(data) != protocolVersion {
		return &ProtocolError{ErrVersion, "unsupported protocol version"}
	}
	return nil
}

// encodeRM is the representation message of entries.
func encodeRM(entries []Entry) []byte {
	data := make([]byte, 0, representationSize*len(entries))
	for _, e := range entries {
		data = binary.BigEndian.AppendUint16(data, uint16(e.Token))
		name := []byte(e.Name + "\x00\x00\x00")
		data = append(data, name[0], name[1], name[2], 0)
	}
	return appendFrame(nil, typeRM, data)
}

// decodeRM reads a representation message's entries.
func decodeRM(data []byte) ([]Entry, error) {
	if len(data)%representationSize != 0 {
		return nil, &ProtocolError{ErrShortMessage, "a representation message's length is a multiple of 6"}
	}
	var out []Entry
	for i := 0; i < len(data); i += representationSize {
		out = append(out, Entry{Token(binary.BigEndian.Uint16(data[i:])), string(data[i+2 : i+5])})
	}
	return out, nil
}

// encodeEM is an error message.
func encodeEM(code int) []byte {
	return appendFrame(nil, typeEM, []byte{0, byte(code)})
}

// encodeFM is the final message.
func encodeFM() []byte { return appendFrame(nil, typeFM, nil) }
