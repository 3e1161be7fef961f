// Package lru provides a fixed-size least-recently-used cache mapping
// string keys to int values.
//
// The cache keeps its entries in a doubly linked list ordered from most to
// least recently used, plus a map for O(1) lookup. It is not safe for
// concurrent use.
package lru

type entry struct {
	key        string
	value      int
	prev, next *entry
}

// Cache is an LRU cache. Create one with New.
type Cache struct {
	capacity int
	items    map[string]*entry
	head     *entry // most recently used
	tail     *entry // least recently used
}

// New returns a cache that holds at most capacity entries.
// A capacity below 1 is treated as 1.
func New(capacity int) *Cache {
	if capacity < 1 {
		capacity = 1
	}
	return &Cache{
		capacity: capacity,
		items:    make(map[string]*entry, capacity),
	}
}

// Get returns the value stored for key and marks it as recently used.
func (c *Cache) Get(key string) (int, bool) {
	e, ok := c.items[key]
	if !ok {
		return 0, false
	}
	c.moveToFront(e)
	return e.value, true
}

// Put stores v under key, evicting the least recently used entry if the
// cache is full.
func (c *Cache) Put(key string, v int) {
	if e, ok := c.items[key]; ok {
		e.value = v
		c.moveToFront(e)
		return
	}
	if len(c.items) >= c.capacity {
		c.evict()
	}
	e := &entry{key: key, value: v}
	c.items[key] = e
	c.pushFront(e)
}

// Peek returns the value stored for key without changing its position
// in the recency order.
func (c *Cache) Peek(key string) (int, bool) {
	if e, ok := c.items[key]; ok {
		return e.value, true
	}
	return 0, false
}

// Remove deletes key from the cache. It reports whether the key was present.
func (c *Cache) Remove(key string) bool {
	e, ok := c.items[key]
	if !ok {
		return false
	}
	c.unlink(e)
	delete(c.items, key)
	return true
}

// Len returns the number of entries in the cache.
func (c *Cache) Len() int {
	return len(c.items)
}

// Keys returns the keys in the cache, most recently used first.
func (c *Cache) Keys() []string {
	keys := make([]string, 0, len(c.items))
	for e := c.head; e != nil; e = e.next {
		keys = append(keys, e.key)
	}
	return keys
}

func (c *Cache) pushFront(e *entry) {
	e.prev = nil
	e.next = c.head
	if c.head != nil {
		c.head.prev = e
	}
	c.head = e
	if c.tail == nil {
		c.tail = e
	}
}

func (c *Cache) unlink(e *entry) {
	if e.prev != nil {
		e.prev.next = e.next
	} else {
		c.head = e.next
	}
	if e.next != nil {
		e.next.prev = e.prev
	} else {
		c.tail = e.prev
	}
	e.prev, e.next = nil, nil
}

func (c *Cache) moveToFront(e *entry) {
	if c.head == e {
		return
	}
	c.unlink(e)
	c.pushFront(e)
}

func (c *Cache) evict() {
	if c.tail == nil {
		return
	}
	old := c.tail
	c.unlink(old)
	delete(c.items, old.key)
}
