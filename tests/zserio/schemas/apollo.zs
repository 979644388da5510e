package apollo;

// Baidu Apollo's HD map, as in zserio's benchmarks (root type: Map).

struct Map
{
    Header header;
    Crosswalk crosswalk[];
    Junction junction[];
    Lane lane[];
    StopSign stopSign[];
    Signal signal[];
    YieldSign yieldSign[];
    Overlap overlap[];
    ClearArea clearArea[];
    optional SpeedBump speedBump[];
    Road road[];
    optional ParkingSpace parkingSpace[];
    optional PNCJunction pncJunction[];
    optional RSU rsu[];
};

struct Projection { string proj; };

struct Header
{
    string version;
    string date;
    Projection projection;
    string district;
    optional string generation;
    string revMajor;
    string revMinor;
    float64 left;
    float64 top;
    float64 right;
    float64 bottom;
    string vendor;
};

struct ClearArea { Id id; Id overlapId[]; optional Polygon polygon; };
struct Crosswalk { Id id; optional Polygon polygon; Id overlapId[]; };
struct Polygon { PointENU point[]; };
struct LineSegment { PointENU point[]; };

struct CurveSegment
{
    LineSegment lineSegment;
    float64 s;
    optional PointENU startPosition;
    float64 heading;
    float64 length;
};

struct Curve { CurveSegment segment[]; };
struct PointENU { float64 x; float64 y; optional float64 z; };
struct PointLLH { float64 lon; float64 lat; optional float64 height; };
struct Point2D { float64 x; float64 y; };
struct Point3D { float64 x; float64 y; float64 z; };
struct Quaternion { float64 qx; float64 qy; float64 qz; float64 qw; };
struct Id { string id; };

struct Junction { Id id; optional Polygon polygon; Id overlapId[]; optional JunctionType type; };

enum uint8 JunctionType { UNKNOWN = 0, IN_ROAD = 1, CROSS_ROAD = 2, FORK_ROAD = 3, MAIN_SIDE = 4, DEAD_END = 5 };

struct LaneBoundaryType { float64 s; BoundaryType types[]; };

enum uint8 BoundaryType
{
    UNKNOWN = 0, DOTTED_YELLOW = 1, DOTTED_WHITE = 2, SOLID_YELLOW = 3, SOLID_WHITE = 4, DOUBLE_YELLOW = 5, CURB = 6
};

struct LaneBoundary
{
    Curve curve;
    float64 length;
    optional bool virtualBoundary;
    LaneBoundaryType boundaryType[];
};

struct LaneSampleAssociation { float64 s; float64 width; };

struct Lane
{
    Id id;
    Curve centralCurve;
    optional LaneBoundary leftBoundary;
    optional LaneBoundary rightBoundary;
    float64 length;
    optional float64 speedLimit;
    Id overlapId[];
    optional Id predecessorId[];
    optional Id successorId[];
    optional Id leftNeighborForwardLaneId[];
    optional Id rightNeighborForwardLaneId[];
    LaneType type;
    LaneTurn turn;
    optional Id leftNeighborReverseLaneId[];
    optional Id rightNeighborReverseLaneId[];
    optional Id junctionId;
    LaneSampleAssociation leftSample[];
    LaneSampleAssociation rightSample[];
    optional LaneDirection direction;
    optional LaneSampleAssociation leftRoadSample[];
    optional LaneSampleAssociation rightRoadSample[];
    optional Id selfReverseLaneId[];
};

enum uint8 LaneDirection { FORWARD = 1, BACKWARD = 2, BIDIRECTION = 3 };
enum uint8 LaneType { NONE = 1, CITY_DRIVING = 2, BIKING = 3, SIDEWALK = 4, PARKING = 5, SHOULDER = 6 };
enum uint8 LaneTurn { NO_TURN = 1, LEFT_TURN = 2, RIGHT_TURN = 3, U_TURN = 4 };

struct LaneOverlapInfo { float64 startS; float64 endS; bool isMerge; optional Id regionOverlapId; };
struct SignalOverlapInfo {};
struct StopSignOverlapInfo {};
struct CrosswalkOverlapInfo {};
struct JunctionOverlapInfo {};
struct YieldOverlapInfo {};
struct ClearAreaOverlapInfo {};
struct SpeedBumpOverlapInfo {};
struct ParkingSpaceOverlapInfo {};
struct PNCJunctionOverlapInfo {};
struct RSUOverlapInfo {};
struct RegionOverlapInfo { Id id; Polygon polygon[]; };
struct ObjectOverlapInfo { Id id; OverlapInfo overlapInfo; };

union OverlapInfo
{
    LaneOverlapInfo laneOverlapInfo;
    SignalOverlapInfo signalOverlapInfo;
    StopSignOverlapInfo stopSignOverlapInfo;
    CrosswalkOverlapInfo crosswalkOverlapInfo;
    JunctionOverlapInfo junctionOverlapInfo;
    YieldOverlapInfo yieldSignOverlapInfo;
    ClearAreaOverlapInfo clearAreaOverlapInfo;
    SpeedBumpOverlapInfo speedBumpOverlapInfo;
    ParkingSpaceOverlapInfo parkingSpaceOverlapInfo;
    PNCJunctionOverlapInfo pncJunctionOverlapInfo;
    RSUOverlapInfo rsuOverlapInfo;
};

struct Overlap { Id id; ObjectOverlapInfo object[]; optional RegionOverlapInfo regionOverlap[]; };
struct ParkingSpace { Id id; optional Polygon polygon; Id overlapId[]; optional float64 heading; };
struct ParkingLot { Id id; optional Polygon polygon; Id overlapId[]; };

struct Passage
{
    Id id;
    Id signalId[];
    Id yieldId[];
    Id stopSignId[];
    Id laneId[];
    optional PassageType type;
};

enum uint8 PassageType { UNKNOWN = 0, ENTRANCE = 1, EXIT = 2 };

struct PassageGroup { Id id; Passage passage[]; };
struct PNCJunction { Id id; optional Polygon polygon; Id overlapId[]; PassageGroup passageGroup[]; };
struct BoundaryEdge { Curve curve; EdgeType type; };

enum uint8 EdgeType { UNKNOWN = 0, NORMAL = 1, LEFT_BOUNDARY = 2, RIGHT_BOUNDARY = 3 };

struct BoundaryPolygon { BoundaryEdge edge[]; };
struct RoadBoundary { BoundaryPolygon outerPolygon; optional BoundaryPolygon hole[]; };
struct RoadROIBoundary { Id id; RoadBoundary roadBoundaries[]; };
struct RoadSection { Id id; Id laneId[]; optional RoadBoundary boundary; };
struct Road { Id id; RoadSection section[]; optional Id junctionId; optional RoadType type; };

enum uint8 RoadType { UNKNOWN = 0, HIGHWAY = 1, CITY_ROAD = 2, PARK = 3 };

struct RSU { Id id; optional Id junctionId; Id overlapId[]; };

enum uint8 SubsignalType
{
    UNKNOWN = 1, CIRCLE = 2, ARROW_LEFT = 3, ARROW_FORWARD = 4, ARROW_RIGHT = 5,
    ARROW_LEFT_AND_FORWARD = 6, ARROW_RIGHT_AND_FORWARD = 7, ARROW_U_TURN = 8
};

struct Subsignal { Id id; SubsignalType type; optional PointENU location; };
struct SignInfo { SignInfoType type; };

enum uint8 SignInfoType { None = 0, NO_RIGHT_TURN_ON_RED = 1 };

struct Signal
{
    Id id;
    optional Polygon boundary;
    Subsignal subsignal[];
    Id overlapId[];
    optional SignalType type;
    Curve stopLine[];
    optional SignInfo signInfo[];
};

enum uint8 SignalType
{
    UNKNOWN = 1, MIX_2_HORIZONTAL = 2, MIX_2_VERTICAL = 3, MIX_3_HORIZONTAL = 4, MIX_3_VERTICAL = 5, SINGLE = 6
};

struct SpeedBump { Id id; Id overlapId[]; Curve position[]; };
struct StopSign { Id id; Curve stopLine[]; Id overlapId[]; optional StopType type; };

enum uint8 StopType { UNKNOWN = 0, ONE_WAY = 1, TWO_WAY = 2, THREE_WAY = 3, FOUR_WAY = 4, ALL_WAY = 5 };

struct YieldSign { Id id; Curve stopLine[]; Id overlapId[]; };
