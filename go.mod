module github.com/gozilla/gozilla

go 1.26.0

require (
	github.com/go-air/gini v1.0.4
	github.com/pb33f/jsonschema/v6 v6.0.3
	golang.org/x/tools v0.52.0
)

require (
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/text v0.14.0 // indirect
)
