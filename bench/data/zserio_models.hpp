#pragma once
// The C++ side of zserio's benchmark schemas (tests/zserio/schemas/*.zs): plain structs, with
// prism::meta giving what the C++ type alone does not say (bit widths, varints, packing). One
// template per schema family; `layout` picks the plain, _align or _packed variant.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <variant>
#include <vector>

#include <prism/core/meta.hpp>
#include <prism/zserio/format.hpp>

namespace zserio_models {

enum class layout { plain, align, packed };

// ---- addressbook ------------------------------------------------------------------------------
namespace addressbook {

enum class PhoneType : std::uint8_t { MOBILE = 0, HOME = 1, WORK = 2 };

template <layout L>
struct PhoneNumber {
  std::string number;
  PhoneType type{};
  bool operator==(const PhoneNumber&) const = default;
};

template <layout L>
struct Person {
  std::int32_t id = 0;
  std::string name;
  std::string email;
  std::vector<PhoneNumber<L>> phones;
  bool operator==(const Person&) const = default;
};

template <layout L>
struct AddressBook {
  std::vector<Person<L>> people;
  bool operator==(const AddressBook&) const = default;
};

}  // namespace addressbook

// ---- carsales ---------------------------------------------------------------------------------
namespace carsales {

enum class DayOfWeek : std::uint8_t { MONDAY, TUESDAY, WEDNESDAY, THURSDAY, FRIDAY, SATURDAY, SUNDAY };
enum class Month : std::uint8_t { JANUARY, FEBRUARY, MARCH, APRIL, MAY, JUNE, JULY, AUGUST, SEPTEMBER, OCTOBER, NOVEMBER, DECEMBER };
enum class CarBrand : std::uint8_t {
  VOLKSWAGEN, TOYOTA, STELLANTIS, MERCEDES_BENZ, FORD_MOTOR, BMW, HONDA, GENERAL_MOTORS, HYUNDAI, NISSAN, KIA, RENAULT, TESLA, VOLVO, SUZUKI
};
enum class Color : std::uint8_t { BLACK, WHITE, RED, GREEN, YELLOW, BLUE, PINK, GRAY, BROWN, ORANGE, PURPLE };

template <layout L>
struct Date {
  std::uint8_t day = 0;
  DayOfWeek dayOfWeek{};
  Month month{};
  std::uint16_t year = 0;
  bool operator==(const Date&) const = default;
};

template <layout L>
struct Address {
  std::string street;
  std::uint16_t streetNumber = 0;
  std::string city;
  std::uint32_t zipCode = 0;
  bool operator==(const Address&) const = default;
};

template <layout L>
struct Car {
  CarBrand carBrand{};
  Color color{};
  std::string vin;
  bool operator==(const Car&) const = default;
};

template <layout L>
struct CarSale {
  Date<L> date;
  std::conditional_t<L == layout::align, std::string, std::optional<std::string>> storeName;
  Address<L> store;
  Car<L> car;
  std::uint32_t price = 0;
  bool operator==(const CarSale&) const = default;
};

template <layout L>
struct CarSales {
  std::uint32_t numSoldCars = 0;
  std::vector<CarSale<L>> carSales;
  bool operator==(const CarSales&) const = default;
};

}  // namespace carsales

// ---- simpletrace ------------------------------------------------------------------------------
namespace simpletrace {

struct Point {
  std::int64_t longitude = 0;
  std::int64_t latitude = 0;
  bool operator==(const Point&) const = default;
};

template <layout L>
struct SimpleTrace {
  std::vector<Point> trace;
  bool operator==(const SimpleTrace&) const = default;
};

}  // namespace simpletrace

// ---- apollo: Baidu Apollo's HD map; every field has its natural C++ type, so no meta but the
// names of the union's alternatives ----------------------------------------------------------------
namespace apollo {

struct Id {
  std::string id;
  bool operator==(const Id&) const = default;
};
struct PointENU {
  double x = 0, y = 0;
  std::optional<double> z;
  bool operator==(const PointENU&) const = default;
};
struct Polygon {
  std::vector<PointENU> point;
  bool operator==(const Polygon&) const = default;
};
struct LineSegment {
  std::vector<PointENU> point;
  bool operator==(const LineSegment&) const = default;
};
struct CurveSegment {
  LineSegment lineSegment;
  double s = 0;
  std::optional<PointENU> startPosition;
  double heading = 0;
  double length = 0;
  bool operator==(const CurveSegment&) const = default;
};
struct Curve {
  std::vector<CurveSegment> segment;
  bool operator==(const Curve&) const = default;
};
struct Projection {
  std::string proj;
  bool operator==(const Projection&) const = default;
};
struct Header {
  std::string version, date;
  Projection projection;
  std::string district;
  std::optional<std::string> generation;
  std::string revMajor, revMinor;
  double left = 0, top = 0, right = 0, bottom = 0;
  std::string vendor;
  bool operator==(const Header&) const = default;
};
struct ClearArea {
  Id id;
  std::vector<Id> overlapId;
  std::optional<Polygon> polygon;
  bool operator==(const ClearArea&) const = default;
};
struct Crosswalk {
  Id id;
  std::optional<Polygon> polygon;
  std::vector<Id> overlapId;
  bool operator==(const Crosswalk&) const = default;
};
enum class JunctionType : std::uint8_t { UNKNOWN = 0, IN_ROAD = 1, CROSS_ROAD = 2, FORK_ROAD = 3, MAIN_SIDE = 4, DEAD_END = 5 };
struct Junction {
  Id id;
  std::optional<Polygon> polygon;
  std::vector<Id> overlapId;
  std::optional<JunctionType> type;
  bool operator==(const Junction&) const = default;
};
enum class BoundaryType : std::uint8_t {
  UNKNOWN = 0, DOTTED_YELLOW = 1, DOTTED_WHITE = 2, SOLID_YELLOW = 3, SOLID_WHITE = 4, DOUBLE_YELLOW = 5, CURB = 6
};
struct LaneBoundaryType {
  double s = 0;
  std::vector<BoundaryType> types;
  bool operator==(const LaneBoundaryType&) const = default;
};
struct LaneBoundary {
  Curve curve;
  double length = 0;
  std::optional<bool> virtualBoundary;
  std::vector<LaneBoundaryType> boundaryType;
  bool operator==(const LaneBoundary&) const = default;
};
struct LaneSampleAssociation {
  double s = 0, width = 0;
  bool operator==(const LaneSampleAssociation&) const = default;
};
enum class LaneDirection : std::uint8_t { FORWARD = 1, BACKWARD = 2, BIDIRECTION = 3 };
enum class LaneType : std::uint8_t { NONE = 1, CITY_DRIVING = 2, BIKING = 3, SIDEWALK = 4, PARKING = 5, SHOULDER = 6 };
enum class LaneTurn : std::uint8_t { NO_TURN = 1, LEFT_TURN = 2, RIGHT_TURN = 3, U_TURN = 4 };
using Ids = std::optional<std::vector<Id>>;
using Samples = std::optional<std::vector<LaneSampleAssociation>>;
struct Lane {
  Id id;
  Curve centralCurve;
  std::optional<LaneBoundary> leftBoundary, rightBoundary;
  double length = 0;
  std::optional<double> speedLimit;
  std::vector<Id> overlapId;
  Ids predecessorId, successorId, leftNeighborForwardLaneId, rightNeighborForwardLaneId;
  LaneType type{};
  LaneTurn turn{};
  Ids leftNeighborReverseLaneId, rightNeighborReverseLaneId;
  std::optional<Id> junctionId;
  std::vector<LaneSampleAssociation> leftSample, rightSample;
  std::optional<LaneDirection> direction;
  Samples leftRoadSample, rightRoadSample;
  Ids selfReverseLaneId;
  bool operator==(const Lane&) const = default;
};
struct LaneOverlapInfo {
  double startS = 0, endS = 0;
  bool isMerge = false;
  std::optional<Id> regionOverlapId;
  bool operator==(const LaneOverlapInfo&) const = default;
};
// The ten empty branches of the union; each a distinct type.
template <int N>
struct EmptyOverlapInfo {
  bool operator==(const EmptyOverlapInfo&) const = default;
};
using OverlapInfo = std::variant<LaneOverlapInfo, EmptyOverlapInfo<1>, EmptyOverlapInfo<2>, EmptyOverlapInfo<3>,
                                 EmptyOverlapInfo<4>, EmptyOverlapInfo<5>, EmptyOverlapInfo<6>, EmptyOverlapInfo<7>,
                                 EmptyOverlapInfo<8>, EmptyOverlapInfo<9>, EmptyOverlapInfo<10>>;
struct RegionOverlapInfo {
  Id id;
  std::vector<Polygon> polygon;
  bool operator==(const RegionOverlapInfo&) const = default;
};
struct ObjectOverlapInfo {
  Id id;
  OverlapInfo overlapInfo;
  bool operator==(const ObjectOverlapInfo&) const = default;
};
struct Overlap {
  Id id;
  std::vector<ObjectOverlapInfo> object;
  std::optional<std::vector<RegionOverlapInfo>> regionOverlap;
  bool operator==(const Overlap&) const = default;
};
struct ParkingSpace {
  Id id;
  std::optional<Polygon> polygon;
  std::vector<Id> overlapId;
  std::optional<double> heading;
  bool operator==(const ParkingSpace&) const = default;
};
enum class PassageType : std::uint8_t { UNKNOWN = 0, ENTRANCE = 1, EXIT = 2 };
struct Passage {
  Id id;
  std::vector<Id> signalId, yieldId, stopSignId, laneId;
  std::optional<PassageType> type;
  bool operator==(const Passage&) const = default;
};
struct PassageGroup {
  Id id;
  std::vector<Passage> passage;
  bool operator==(const PassageGroup&) const = default;
};
struct PNCJunction {
  Id id;
  std::optional<Polygon> polygon;
  std::vector<Id> overlapId;
  std::vector<PassageGroup> passageGroup;
  bool operator==(const PNCJunction&) const = default;
};
enum class EdgeType : std::uint8_t { UNKNOWN = 0, NORMAL = 1, LEFT_BOUNDARY = 2, RIGHT_BOUNDARY = 3 };
struct BoundaryEdge {
  Curve curve;
  EdgeType type{};
  bool operator==(const BoundaryEdge&) const = default;
};
struct BoundaryPolygon {
  std::vector<BoundaryEdge> edge;
  bool operator==(const BoundaryPolygon&) const = default;
};
struct RoadBoundary {
  BoundaryPolygon outerPolygon;
  std::optional<std::vector<BoundaryPolygon>> hole;
  bool operator==(const RoadBoundary&) const = default;
};
struct RoadSection {
  Id id;
  std::vector<Id> laneId;
  std::optional<RoadBoundary> boundary;
  bool operator==(const RoadSection&) const = default;
};
enum class RoadType : std::uint8_t { UNKNOWN = 0, HIGHWAY = 1, CITY_ROAD = 2, PARK = 3 };
struct Road {
  Id id;
  std::vector<RoadSection> section;
  std::optional<Id> junctionId;
  std::optional<RoadType> type;
  bool operator==(const Road&) const = default;
};
struct RSU {
  Id id;
  std::optional<Id> junctionId;
  std::vector<Id> overlapId;
  bool operator==(const RSU&) const = default;
};
enum class SubsignalType : std::uint8_t {
  UNKNOWN = 1, CIRCLE = 2, ARROW_LEFT = 3, ARROW_FORWARD = 4, ARROW_RIGHT = 5, ARROW_LEFT_AND_FORWARD = 6,
  ARROW_RIGHT_AND_FORWARD = 7, ARROW_U_TURN = 8
};
struct Subsignal {
  Id id;
  SubsignalType type{};
  std::optional<PointENU> location;
  bool operator==(const Subsignal&) const = default;
};
enum class SignInfoType : std::uint8_t { None = 0, NO_RIGHT_TURN_ON_RED = 1 };
struct SignInfo {
  SignInfoType type{};
  bool operator==(const SignInfo&) const = default;
};
enum class SignalType : std::uint8_t {
  UNKNOWN = 1, MIX_2_HORIZONTAL = 2, MIX_2_VERTICAL = 3, MIX_3_HORIZONTAL = 4, MIX_3_VERTICAL = 5, SINGLE = 6
};
struct Signal {
  Id id;
  std::optional<Polygon> boundary;
  std::vector<Subsignal> subsignal;
  std::vector<Id> overlapId;
  std::optional<SignalType> type;
  std::vector<Curve> stopLine;
  std::optional<std::vector<SignInfo>> signInfo;
  bool operator==(const Signal&) const = default;
};
struct SpeedBump {
  Id id;
  std::vector<Id> overlapId;
  std::vector<Curve> position;
  bool operator==(const SpeedBump&) const = default;
};
enum class StopType : std::uint8_t { UNKNOWN = 0, ONE_WAY = 1, TWO_WAY = 2, THREE_WAY = 3, FOUR_WAY = 4, ALL_WAY = 5 };
struct StopSign {
  Id id;
  std::vector<Curve> stopLine;
  std::vector<Id> overlapId;
  std::optional<StopType> type;
  bool operator==(const StopSign&) const = default;
};
struct YieldSign {
  Id id;
  std::vector<Curve> stopLine;
  std::vector<Id> overlapId;
  bool operator==(const YieldSign&) const = default;
};
struct Map {
  Header header;
  std::vector<Crosswalk> crosswalk;
  std::vector<Junction> junction;
  std::vector<Lane> lane;
  std::vector<StopSign> stopSign;
  std::vector<Signal> signal;
  std::vector<YieldSign> yieldSign;
  std::vector<Overlap> overlap;
  std::vector<ClearArea> clearArea;
  std::optional<std::vector<SpeedBump>> speedBump;
  std::vector<Road> road;
  std::optional<std::vector<ParkingSpace>> parkingSpace;
  std::optional<std::vector<PNCJunction>> pncJunction;
  std::optional<std::vector<RSU>> rsu;
  bool operator==(const Map&) const = default;
};

}  // namespace apollo
}  // namespace zserio_models

template <zserio_models::layout L>
struct prism::meta<zserio_models::addressbook::PhoneNumber<L>> {
  using T = zserio_models::addressbook::PhoneNumber<L>;
  static constexpr auto fields = std::tuple{
      field<&T::number>(),
      field<&T::type>().with(zserio_field{.bits = L == zserio_models::layout::align ? 8 : 2})};
};

template <zserio_models::layout L>
struct prism::meta<zserio_models::addressbook::Person<L>> {
  using T = zserio_models::addressbook::Person<L>;
  static constexpr auto fields = std::tuple{
      field<&T::id>().with(zserio_field{.encoding = zserio_integer::varint32}),
      field<&T::name>(),
      field<&T::email>(),
      field<&T::phones>().with(zserio_field{.packed = L == zserio_models::layout::packed})};
};

template <zserio_models::layout L>
struct prism::meta<zserio_models::addressbook::AddressBook<L>> {
  using T = zserio_models::addressbook::AddressBook<L>;
  static constexpr auto fields = std::tuple{
      field<&T::people>().with(zserio_field{.packed = L == zserio_models::layout::packed})};
};

template <zserio_models::layout L>
struct prism::meta<zserio_models::carsales::Date<L>> {
  using T = zserio_models::carsales::Date<L>;
  static constexpr bool wide = L == zserio_models::layout::align;
  static constexpr auto fields = std::tuple{
      field<&T::day>().with(zserio_field{.bits = wide ? 8 : 5}),
      field<&T::dayOfWeek>().with(zserio_field{.bits = wide ? 8 : 3}),
      field<&T::month>().with(zserio_field{.bits = wide ? 8 : 4}),
      field<&T::year>().with(zserio_field{.encoding = zserio_integer::varint16})};
};

template <zserio_models::layout L>
struct prism::meta<zserio_models::carsales::Address<L>> {
  using T = zserio_models::carsales::Address<L>;
  static constexpr auto fields = std::tuple{
      field<&T::street>(),
      field<&T::streetNumber>().with(zserio_field{.encoding = zserio_integer::varint16}),
      field<&T::city>(),
      field<&T::zipCode>().with(zserio_field{.bits = L == zserio_models::layout::align ? 24 : 17})};
};

template <zserio_models::layout L>
struct prism::meta<zserio_models::carsales::Car<L>> {
  using T = zserio_models::carsales::Car<L>;
  static constexpr bool wide = L == zserio_models::layout::align;
  static constexpr auto fields = std::tuple{
      field<&T::carBrand>().with(zserio_field{.bits = wide ? 8 : 5}),
      field<&T::color>().with(zserio_field{.bits = wide ? 8 : 4}),
      field<&T::vin>()};
};

template <zserio_models::layout L>
struct prism::meta<zserio_models::carsales::CarSale<L>> {
  using T = zserio_models::carsales::CarSale<L>;
  static constexpr auto fields = std::tuple{
      field<&T::date>(),
      field<&T::storeName>(),
      field<&T::store>(),
      field<&T::car>(),
      field<&T::price>().with(zserio_field{.encoding = zserio_integer::varint32})};
};

template <zserio_models::layout L>
struct prism::meta<zserio_models::carsales::CarSales<L>> {
  using T = zserio_models::carsales::CarSales<L>;
  static constexpr auto fields = std::tuple{
      field<&T::numSoldCars>().with(zserio_field{.encoding = zserio_integer::varsize}),
      field<&T::carSales>().with(zserio_field{.packed = L == zserio_models::layout::packed, .length_from = "numSoldCars"})};
};

template <>
struct prism::meta<zserio_models::simpletrace::Point> {
  using T = zserio_models::simpletrace::Point;
  static constexpr auto fields = std::tuple{
      field<&T::longitude>().with(zserio_field{.encoding = zserio_integer::varint}),
      field<&T::latitude>().with(zserio_field{.encoding = zserio_integer::varint})};
};

template <zserio_models::layout L>
struct prism::meta<zserio_models::simpletrace::SimpleTrace<L>> {
  using T = zserio_models::simpletrace::SimpleTrace<L>;
  static constexpr auto fields = std::tuple{
      field<&T::trace>().with(zserio_field{.packed = L == zserio_models::layout::packed})};
};

template <>
struct prism::meta<zserio_models::apollo::OverlapInfo> {
  static constexpr std::string_view tag = "";  // zserio's JSON: {"laneOverlapInfo": {...}}
  static constexpr std::array<std::string_view, 11> names{
      "laneOverlapInfo", "signalOverlapInfo", "stopSignOverlapInfo", "crosswalkOverlapInfo",
      "junctionOverlapInfo", "yieldSignOverlapInfo", "clearAreaOverlapInfo", "speedBumpOverlapInfo",
      "parkingSpaceOverlapInfo", "pncJunctionOverlapInfo", "rsuOverlapInfo"};
};
