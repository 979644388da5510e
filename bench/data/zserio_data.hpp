#pragma once
// The zserio report's data: built-in generators with the shapes and value statistics of zserio's
// five benchmark datasets (../shared/workloads/zserio.md §2), used by default, so the report runs
// without ../shared; `--data DIR` loads the real JSON datasets instead.
#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "data/zserio_models.hpp"

namespace zserio_data {

using namespace zserio_models;

class generator {
 public:
  explicit generator(std::uint64_t seed) : rng_(seed) {}

  std::int64_t between(std::int64_t lo, std::int64_t hi) { return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng_); }
  double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng_); }

  // Lowercase ASCII words with a capital first letter, about `mean` bytes long within [lo, hi].
  std::string word(std::size_t mean, std::size_t lo, std::size_t hi) {
    const auto spread = static_cast<std::int64_t>(std::min(mean - lo, hi - mean));
    const auto n = static_cast<std::size_t>(static_cast<std::int64_t>(mean) + between(-spread, spread));
    std::string s(n, 'a');
    for (auto& c : s) c = static_cast<char>('a' + between(0, 25));
    if (!s.empty()) s[0] = static_cast<char>(s[0] - 'a' + 'A');
    return s;
  }
  std::string digits(std::size_t n) {
    std::string s(n, '0');
    for (auto& c : s) c = static_cast<char>('0' + between(0, 9));
    return s;
  }

 private:
  std::mt19937_64 rng_;
};

// 5000 people, ids 1..5000, names ~14 bytes, emails ~22.5, 0..3 phones (~7450 in all).
template <layout L>
addressbook::AddressBook<L> make_addressbook() {
  generator g(101);
  addressbook::AddressBook<L> book;
  book.people.reserve(5000);
  for (std::int32_t id = 1; id <= 5000; ++id) {
    addressbook::Person<L> p;
    p.id = id;
    p.name = g.word(6, 3, 10) + " " + g.word(7, 3, 15);
    p.email = g.word(9, 5, 13) + "@" + g.word(6, 3, 9) + ".com";
    for (auto& c : p.email) c = static_cast<char>(c | 0x20);
    const std::int64_t phones = g.between(0, 99) < 25 ? 0 : g.between(1, 3);
    for (std::int64_t k = 0; k < phones; ++k) {
      p.phones.push_back({g.digits(3) + "-" + g.digits(3) + "-" + g.digits(4), static_cast<addressbook::PhoneType>(g.between(0, 2))});
    }
    book.people.push_back(std::move(p));
  }
  return book;
}

// 5000 sales in random order, or (sorted) by year with prices in steps of 500.
template <layout L>
carsales::CarSales<L> make_carsales(bool sorted) {
  generator g(sorted ? 203 : 202);
  carsales::CarSales<L> out;
  out.numSoldCars = 5000;
  out.carSales.reserve(5000);
  for (std::uint32_t i = 0; i < 5000; ++i) {
    carsales::CarSale<L> s;
    s.date.day = static_cast<std::uint8_t>(g.between(1, 31));
    s.date.dayOfWeek = static_cast<carsales::DayOfWeek>(g.between(0, 6));
    s.date.month = static_cast<carsales::Month>(g.between(0, 11));
    s.date.year = static_cast<std::uint16_t>(sorted ? 1950 + i * 63 / 5000 : g.between(1950, 2030));
    s.storeName = g.word(7, 4, 10);
    s.store.street = g.word(7, 4, 11);
    if (g.between(0, 9) == 0) s.store.street += "\xc3\xa1";  // some UTF-8
    s.store.streetNumber = static_cast<std::uint16_t>(g.between(13, 32767));
    s.store.city = g.word(9, 4, 14);
    s.store.zipCode = static_cast<std::uint32_t>(g.between(10013, 65515));
    s.car.carBrand = static_cast<carsales::CarBrand>(g.between(1, 14));
    s.car.color = static_cast<carsales::Color>(g.between(0, 10));
    s.car.vin = g.word(17, 17, 17);
    for (auto& c : s.car.vin) c = static_cast<char>(c & ~0x20);
    s.price = sorted ? 500500 + 500 * i : static_cast<std::uint32_t>(g.between(100326, 2499143));
    out.carSales.push_back(std::move(s));
  }
  return out;
}

// A drive of 8704 points, longitude 172.1M -> 135.8M and latitude 597.5M -> 574.9M, with
// step sizes of a median of a few thousand units and rare jumps up to ~148k.
template <layout L>
simpletrace::SimpleTrace<L> make_simpletrace() {
  generator g(303);
  simpletrace::SimpleTrace<L> t;
  t.trace.reserve(8704);
  std::int64_t lon = 172131468, lat = 597454277;
  for (int i = 0; i < 8704; ++i) {
    t.trace.push_back({lon, lat});
    const bool jump = g.between(0, 999) < 3;
    lon += jump ? -g.between(50000, 148403) : -4170 + g.between(-3000, 3000);
    lat += jump ? -g.between(30000, 97794) : -2597 + g.between(-2000, 2000);
  }
  return t;
}

// One HD map: 11 lanes (central curve, both boundaries and both sample lists of 90..391
// points each, 2734 per kind in all), 8 roads, 21 overlaps and a few signs.
inline apollo::Map make_apollo() {
  using namespace apollo;
  generator g(404);
  Map map;
  map.header = {"MS40MDAwMDA=", "MjAxNy0wOS0wNlQxNDozNzoyOQ==", {"+proj=utm +zone=10 +ellps=WGS84 +datum=WGS84 +units=m +no_defs"},
                "dW5pdF90ZXN0", std::nullopt, "MA==", "Ng==", -122.0239861, 37.413082, -122.013332, 37.40883689, "QmFpZHU="};
  const auto curve = [&](int points) {
    Curve c;
    CurveSegment s;
    double x = g.uniform(586300, 586500), y = g.uniform(4140600, 4140800);
    for (int k = 0; k < points; ++k, x += g.uniform(0.04, 0.06), y += g.uniform(0.18, 0.2)) s.lineSegment.point.push_back({x, y, {}});
    s.heading = g.uniform(-3.14, 3.14);
    s.length = points * 0.2;
    c.segment.push_back(std::move(s));
    return c;
  };
  const auto polygon = [&](int points) {
    Polygon p;
    for (int k = 0; k < points; ++k) p.point.push_back({g.uniform(586300, 586500), g.uniform(4140600, 4140800), {}});
    return p;
  };
  const auto id = [&](const char* prefix, std::int64_t n) { return Id{prefix + std::to_string(n)}; };
  const int lane_points[] = {90, 240, 240, 299, 245, 245, 162, 299, 391, 391, 132};
  for (int i = 0; i < 11; ++i) {
    Lane lane;
    const int n = lane_points[i];
    lane.id = id("lane_", 1000 + i);
    lane.centralCurve = curve(n);
    lane.leftBoundary = LaneBoundary{curve(n), n * 0.2, std::nullopt, {{0, {BoundaryType::DOTTED_WHITE}}}};
    lane.rightBoundary = LaneBoundary{curve(n), n * 0.2, std::nullopt, {{0, {BoundaryType::CURB}}}};
    lane.length = n * 0.2;
    if (i % 5 != 3) lane.speedLimit = i % 4 ? 13.333333333333334 : 8.333333333333334;
    for (int k = 0, m = 1 + i % 3; k < m; ++k) lane.overlapId.push_back(id("overlap_", (i * 2 + k) % 21));
    if (i % 2) lane.predecessorId = std::vector<Id>{id("lane_", 999 + i)};
    if (i % 3) lane.successorId = std::vector<Id>{id("lane_", 1001 + i)};
    lane.type = LaneType::CITY_DRIVING;
    lane.turn = LaneTurn::NO_TURN;
    for (int k = 0; k < n; ++k) lane.leftSample.push_back({k * 0.2, g.uniform(1.5, 2.0)});
    for (int k = 0; k < n; ++k) lane.rightSample.push_back({k * 0.2, g.uniform(1.5, 2.0)});
    lane.direction = LaneDirection::FORWARD;
    map.lane.push_back(std::move(lane));
  }
  for (int i = 0; i < 8; ++i) {
    Road road{id("road_", 1270 + i), {}, std::nullopt, RoadType::CITY_ROAD};
    RoadBoundary boundary;
    boundary.outerPolygon.edge = {{curve(2), EdgeType::LEFT_BOUNDARY}, {curve(2), EdgeType::RIGHT_BOUNDARY}};
    road.section.push_back({Id{"1"}, {id("lane_", 1000 + i)}, std::move(boundary)});
    map.road.push_back(std::move(road));
  }
  for (int i = 0; i < 21; ++i) {
    Overlap o{id("overlap_", i), {}, std::nullopt};
    o.object.push_back({id("lane_", 1000 + i % 11), LaneOverlapInfo{g.uniform(0, 40), g.uniform(40, 80), i % 2 == 0, std::nullopt}});
    static const OverlapInfo signs[] = {EmptyOverlapInfo<1>{}, EmptyOverlapInfo<2>{}, EmptyOverlapInfo<3>{}, EmptyOverlapInfo<4>{}};
    o.object.push_back({id("sign_", i), signs[i % 4]});
    map.overlap.push_back(std::move(o));
  }
  map.crosswalk.push_back({Id{"1277"}, polygon(4), {Id{"overlap_5"}, Id{"overlap_7"}}});
  map.junction.push_back({Id{"1183"}, polygon(8), {Id{"overlap_2"}}, std::nullopt});
  map.stopSign.push_back({Id{"1276"}, {curve(3)}, {Id{"overlap_1"}}, std::nullopt});
  map.signal.push_back({Id{"1278"}, polygon(4), {{Id{"0"}, SubsignalType::CIRCLE, std::nullopt}}, {Id{"overlap_4"}},
                        SignalType::MIX_3_VERTICAL, {curve(3)}, std::nullopt});
  map.yieldSign.push_back({Id{"1275"}, {curve(3)}, {Id{"overlap_3"}}});
  for (int i = 0; i < 3; ++i) map.clearArea.push_back({id("clear_", i), {id("overlap_", 18 + i)}, polygon(4)});
  return map;
}

}  // namespace zserio_data
