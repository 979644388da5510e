#pragma once
// prism::tagged<T>: a value with a CBOR tag number in front of it (RFC 8949 section 3.4), for the
// tags prism gives no meaning of its own: a URI (32), a bignum's bytes (2, 3), an application's
// registered tag. Only CBOR has tags; in any other format a tagged member is a compile-time
// error that names it.
#include <cstdint>
#include <type_traits>

namespace prism {

template <class T>
struct tagged {
  using value_type = T;
  std::uint64_t tag = 0;
  T value{};

  friend bool operator==(const tagged&, const tagged&) = default;
};

template <class T>
struct is_tagged : std::false_type {};
template <class T>
struct is_tagged<tagged<T>> : std::true_type {};

template <class T>
concept tagged_type = is_tagged<std::remove_cv_t<T>>::value;

namespace detail {
// A format that writes and reads tags (its tag declares `static constexpr bool tags = true`).
template <class Format>
concept has_tags = requires { requires Format::tags; };
}  // namespace detail

}  // namespace prism
