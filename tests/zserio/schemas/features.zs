package features;

// Every construct prism's zserio format supports, for reference vectors made by zserio itself
// (scripts/zserio_vectors.py).
struct Features
{
    bit:4 a;
    int:7 b;
    bool flag;
    float16 h;
    float32 f;
    float64 d;
    varint16 v16;
    varint32 v32;
    varint64 v64;
    varint v;
    varuint16 u16;
    varuint32 u32;
    varuint64 u64;
    varuint u;
    varsize sz;
    string s;
    optional uint8 opt;
    align(32):
    uint16 aligned;
    optional Inner maybe;
    Choice pick;
    uint8 triple[3];
    int16 list[];
    varsize count;
    Item sized[count];
    packed uint16 packedList[];
    packed int64 packedWide[];
    packed Item items[];
};

struct Inner
{
    int32 x;
    Kind kind;
};

union Choice
{
    uint8 small;
    string text;
    Inner inner;
};

struct Item
{
    varuint32 id;
    optional bit:5 level;
    string name;
    Kind kind;
    Choice pick;
    int8 nested[];
};

enum bit:3 Kind
{
    A,
    B,
    C,
    D
};
