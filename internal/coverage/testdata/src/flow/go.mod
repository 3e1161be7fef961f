module example.com/flow

go 1.26
