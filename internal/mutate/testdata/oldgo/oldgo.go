// Package oldgo is a module at go 1.16 (one loop variable per loop):
// x op= e in a loop's post statement is a def-use pair whose probe wraps
// e, inside the mutants' site for the whole statement.
package oldgo

import (
	"encoding/binary"
	"io"
)

const wordBytes = 8

// ReadWords fills data from reader, 128 words at a time.
func ReadWords(reader io.Reader, data []uint64) error {
	length := len(data)
	bufferSize := 128
	buffer := make([]byte, bufferSize*wordBytes)
	for i := 0; i < length; i += bufferSize {
		end := i + bufferSize
		if end > length {
			end = length
			buffer = buffer[:wordBytes*(end-i)]
		}
		chunk := data[i:end]
		if _, err := io.ReadFull(reader, buffer); err != nil {
			return err
		}
		for i := range chunk {
			chunk[i] = binary.BigEndian.Uint64(buffer[8*i:])
		}
	}
	return nil
}
