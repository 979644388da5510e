#pragma once
// Tensors: a dtype, a shape, a memory order and contiguous data. tensor_view<T, Rank> points at
// data it does not own (a zero-copy read, or a value to write); tensor<T, Rank> owns its data
// (what a struct holds when it is read from bytes that cannot be viewed in place).
#include <algorithm>
#include <array>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace prism {

// The element type on the wire. The codes are those of zerialize's [dtype, shape, data] tensor
// triple, so that prism's tensors in MessagePack, CBOR, FlexBuffers and JSON read the same there.
enum class dtype : std::uint8_t {
  int8 = 0, int16 = 1, int32 = 2, int64 = 3,
  uint8 = 4, uint16 = 5, uint32 = 6, uint64 = 7,
  float32 = 10, float64 = 11, complex64 = 12, complex128 = 13, float16 = 14,
};

// IEEE 754 binary16, stored as its bits (prism does no arithmetic on it).
struct float16 {
  std::uint16_t bits = 0;
  friend constexpr bool operator==(float16, float16) = default;
};

constexpr bool valid_dtype(std::uint64_t code) noexcept { return code <= 7 || (code >= 10 && code <= 14); }

constexpr bool is_integer_dtype(dtype t) noexcept { return static_cast<std::uint8_t>(t) <= 7; }

constexpr std::size_t dtype_size(dtype t) noexcept {
  switch (t) {
    case dtype::int8: case dtype::uint8: return 1;
    case dtype::int16: case dtype::uint16: case dtype::float16: return 2;
    case dtype::int32: case dtype::uint32: case dtype::float32: return 4;
    case dtype::int64: case dtype::uint64: case dtype::float64: case dtype::complex64: return 8;
    case dtype::complex128: return 16;
  }
  return 0;
}

constexpr std::string_view dtype_name(dtype t) noexcept {
  switch (t) {
    case dtype::int8: return "int8";
    case dtype::int16: return "int16";
    case dtype::int32: return "int32";
    case dtype::int64: return "int64";
    case dtype::uint8: return "uint8";
    case dtype::uint16: return "uint16";
    case dtype::uint32: return "uint32";
    case dtype::uint64: return "uint64";
    case dtype::float32: return "float32";
    case dtype::float64: return "float64";
    case dtype::complex64: return "complex64";
    case dtype::complex128: return "complex128";
    case dtype::float16: return "float16";
  }
  return "unknown";
}

namespace detail {
template <class T>
struct dtype_code;
template <class T>
  requires(std::is_integral_v<T> && !std::is_same_v<T, bool>)
struct dtype_code<T> {
  static constexpr dtype value = std::is_signed_v<T>
                                     ? (sizeof(T) == 1 ? dtype::int8 : sizeof(T) == 2 ? dtype::int16 : sizeof(T) == 4 ? dtype::int32 : dtype::int64)
                                     : (sizeof(T) == 1 ? dtype::uint8 : sizeof(T) == 2 ? dtype::uint16 : sizeof(T) == 4 ? dtype::uint32 : dtype::uint64);
};
template <> struct dtype_code<float> { static constexpr dtype value = dtype::float32; };
template <> struct dtype_code<double> { static constexpr dtype value = dtype::float64; };
template <> struct dtype_code<std::complex<float>> { static constexpr dtype value = dtype::complex64; };
template <> struct dtype_code<std::complex<double>> { static constexpr dtype value = dtype::complex128; };
template <> struct dtype_code<float16> { static constexpr dtype value = dtype::float16; };
}  // namespace detail

// Element types a tensor may hold.
template <class T>
concept tensor_element = requires { detail::dtype_code<std::remove_const_t<T>>::value; };

template <tensor_element T>
inline constexpr dtype dtype_of = detail::dtype_code<std::remove_const_t<T>>::value;

enum class memory_order : std::uint8_t { row_major = 0, column_major = 1 };

// The flat position of an element: the last index varies fastest in row-major order, the first
// in column-major order.
template <std::size_t Rank>
constexpr std::size_t flat_index(const std::array<std::size_t, Rank>& shape, memory_order order,
                                 const std::array<std::size_t, Rank>& index) noexcept {
  std::size_t flat = 0;
  if (order == memory_order::row_major) {
    for (std::size_t d = 0; d < Rank; ++d) flat = flat * shape[d] + index[d];
  } else {
    for (std::size_t d = Rank; d-- > 0;) flat = flat * shape[d] + index[d];
  }
  return flat;
}

template <tensor_element T, std::size_t Rank>
class tensor_view {
 public:
  using element_type = T;
  using shape_type = std::array<std::size_t, Rank>;
  static constexpr std::size_t rank = Rank;

  constexpr tensor_view() noexcept = default;
  constexpr tensor_view(T* data, const shape_type& shape, memory_order order = memory_order::row_major) noexcept
      : data_(data), shape_(shape), order_(order) {}
  template <class U>
    requires std::is_same_v<const U, T>
  constexpr tensor_view(const tensor_view<U, Rank>& other) noexcept  // NOLINT: mutable to const
      : data_(other.data()), shape_(other.shape()), order_(other.order()) {}

  constexpr T* data() const noexcept { return data_; }
  constexpr const shape_type& shape() const noexcept { return shape_; }
  constexpr std::size_t extent(std::size_t d) const noexcept { return shape_[d]; }
  constexpr memory_order order() const noexcept { return order_; }
  constexpr std::size_t size() const noexcept {
    std::size_t n = 1;
    for (std::size_t e : shape_) n *= e;
    return n;
  }
  constexpr std::size_t size_bytes() const noexcept { return size() * sizeof(T); }
  constexpr std::span<T> flat() const noexcept { return {data_, size()}; }

  template <class... I>
    requires(sizeof...(I) == Rank && (std::is_convertible_v<I, std::size_t> && ...))
  constexpr T& operator()(I... index) const noexcept {
    return data_[flat_index<Rank>(shape_, order_, {static_cast<std::size_t>(index)...})];
  }

  friend bool operator==(const tensor_view& a, const tensor_view& b) noexcept {
    if (a.shape_ != b.shape_ || a.order_ != b.order_) return false;
    return std::equal(a.data_, a.data_ + a.size(), b.data_);
  }

 private:
  T* data_ = nullptr;
  shape_type shape_{};
  memory_order order_ = memory_order::row_major;
};

// An owning tensor; reading into it reuses its storage.
template <tensor_element T, std::size_t Rank>
class tensor {
 public:
  using element_type = T;
  using shape_type = std::array<std::size_t, Rank>;
  static constexpr std::size_t rank = Rank;

  tensor() = default;
  explicit tensor(const shape_type& shape, memory_order order = memory_order::row_major, T fill = T{})
      : shape_(shape), order_(order), data_(count(shape), fill) {}
  explicit tensor(tensor_view<const T, Rank> v) : shape_(v.shape()), order_(v.order()), data_(v.data(), v.data() + v.size()) {}

  // Changes the shape; the elements are then unspecified (kept where the count allows).
  void reshape(const shape_type& shape, memory_order order = memory_order::row_major) {
    shape_ = shape;
    order_ = order;
    data_.resize(count(shape));
  }

  T* data() noexcept { return data_.data(); }
  const T* data() const noexcept { return data_.data(); }
  const shape_type& shape() const noexcept { return shape_; }
  std::size_t extent(std::size_t d) const noexcept { return shape_[d]; }
  memory_order order() const noexcept { return order_; }
  std::size_t size() const noexcept { return data_.size(); }
  std::size_t size_bytes() const noexcept { return data_.size() * sizeof(T); }
  tensor_view<T, Rank> view() noexcept { return {data_.data(), shape_, order_}; }
  tensor_view<const T, Rank> view() const noexcept { return {data_.data(), shape_, order_}; }
  operator tensor_view<const T, Rank>() const noexcept { return view(); }  // NOLINT

  template <class... I>
    requires(sizeof...(I) == Rank)
  T& operator()(I... index) noexcept {
    return data_[flat_index<Rank>(shape_, order_, {static_cast<std::size_t>(index)...})];
  }
  template <class... I>
    requires(sizeof...(I) == Rank)
  const T& operator()(I... index) const noexcept {
    return data_[flat_index<Rank>(shape_, order_, {static_cast<std::size_t>(index)...})];
  }

  friend bool operator==(const tensor& a, const tensor& b) = default;

 private:
  static std::size_t count(const shape_type& shape) noexcept {
    std::size_t n = 1;
    for (std::size_t e : shape) n *= e;
    return n;
  }
  shape_type shape_{};
  memory_order order_ = memory_order::row_major;
  std::vector<T> data_;
};

namespace detail {
template <class T>
struct is_tensor : std::false_type {};
template <class T, std::size_t R>
struct is_tensor<tensor_view<T, R>> : std::true_type {};
template <class T, std::size_t R>
struct is_tensor<tensor<T, R>> : std::true_type {};
template <class T>
struct is_tensor_view : std::false_type {};
template <class T, std::size_t R>
struct is_tensor_view<tensor_view<T, R>> : std::true_type {};
}  // namespace detail

template <class T>
concept tensor_type = detail::is_tensor<T>::value;
template <class T>
concept tensor_view_type = detail::is_tensor_view<T>::value;

// What a format found on the wire for a tensor: the bytes of its data stay in the input.
struct tensor_header {
  dtype type{};
  memory_order order = memory_order::row_major;
  std::size_t rank = 0;
  std::array<std::size_t, 16> shape;  // the first `rank` are set; the rest is never read
  const std::byte* data = nullptr;
  std::size_t data_bytes = 0;
  bool typed_array = false;  // a plain sequence of numbers (rank 1), not a tensor on the wire

  std::size_t count() const noexcept {
    std::size_t n = 1;
    for (std::size_t d = 0; d < rank; ++d) n *= shape[d];
    return n;
  }
};
inline constexpr std::size_t max_tensor_rank = 16;

// Why a tensor read copied instead of viewing the input.
enum class copy_reason : std::uint8_t { none, misaligned, not_contiguous, converted, decoded };

namespace detail {
template <class From, class To>
bool convert_elements(const std::byte* data, std::size_t count, To* out) noexcept {
  for (std::size_t i = 0; i < count; ++i) {
    From v;
    std::memcpy(&v, data + i * sizeof(From), sizeof(From));
    if constexpr (std::is_integral_v<From> && std::is_integral_v<To>) {
      if (!std::in_range<To>(v)) return false;
    }
    out[i] = static_cast<To>(v);
  }
  return true;
}
}  // namespace detail

// Copies `count` elements stored as `stored` into `out`, converting between integer types with a
// range check (and float32 to float64); false when an element does not fit or the types do not
// convert without loss.
template <class To>
bool convert_numbers(dtype stored, const std::byte* data, std::size_t count, To* out) noexcept {
  if constexpr (std::is_integral_v<To>) {
    switch (stored) {
      case dtype::int8: return detail::convert_elements<std::int8_t>(data, count, out);
      case dtype::int16: return detail::convert_elements<std::int16_t>(data, count, out);
      case dtype::int32: return detail::convert_elements<std::int32_t>(data, count, out);
      case dtype::int64: return detail::convert_elements<std::int64_t>(data, count, out);
      case dtype::uint8: return detail::convert_elements<std::uint8_t>(data, count, out);
      case dtype::uint16: return detail::convert_elements<std::uint16_t>(data, count, out);
      case dtype::uint32: return detail::convert_elements<std::uint32_t>(data, count, out);
      case dtype::uint64: return detail::convert_elements<std::uint64_t>(data, count, out);
      default: return false;
    }
  } else if constexpr (std::is_same_v<To, double>) {
    return stored == dtype::float32 && detail::convert_elements<float>(data, count, out);
  } else {
    return false;
  }
}

// The result of reading a tensor out of bytes: a view of the input when its data is aligned
// for T, else a view of an owned copy. zero_copy() and why() say which. Copies of up to 64 bytes
// (small arrays stored narrower, say) live inside the object, with no allocation.
template <tensor_element T, std::size_t Rank>
class tensor_read {
 public:
  tensor_read(tensor_view<const T, Rank> view) noexcept : view_(view) {}  // NOLINT
  // Storage for a copy of `count` elements, to be filled through copy_data().
  tensor_read(std::size_t count, const std::array<std::size_t, Rank>& shape, memory_order order, copy_reason reason,
              std::size_t misaligned_by = 0, dtype stored = dtype_of<T>)
      : count_(count), reason_(reason), misaligned_by_(misaligned_by), stored_(stored) {
    if (count > inline_capacity) heap_ = std::make_unique_for_overwrite<T[]>(count);
    view_ = tensor_view<const T, Rank>(copy_data(), shape, order);
  }
  tensor_read(const tensor_read&) = delete;
  tensor_read& operator=(const tensor_read&) = delete;
  tensor_read(tensor_read&& other) noexcept
      : heap_(std::move(other.heap_)), view_(other.view_), count_(other.count_), reason_(other.reason_),
        misaligned_by_(other.misaligned_by_), stored_(other.stored_) {
    if (reason_ == copy_reason::none) return;
    if (!heap_) std::memcpy(static_cast<void*>(small_.items), other.small_.items, count_ * sizeof(T));
    view_ = {copy_data(), view_.shape(), view_.order()};
  }
  tensor_read& operator=(tensor_read&& other) noexcept {
    if (this != &other) {
      this->~tensor_read();
      ::new (static_cast<void*>(this)) tensor_read(std::move(other));
    }
    return *this;
  }

  const tensor_view<const T, Rank>& view() const noexcept { return view_; }
  const tensor_view<const T, Rank>* operator->() const noexcept { return &view_; }
  template <class... I>
  const T& operator()(I... index) const noexcept {
    return view_(index...);
  }
  // Where a copy's elements go (for the reader that makes it).
  T* copy_data() noexcept { return heap_ ? heap_.get() : small_.items; }
  bool zero_copy() const noexcept { return reason_ == copy_reason::none; }
  copy_reason reason() const noexcept { return reason_; }
  std::size_t misaligned_by() const noexcept { return misaligned_by_; }
  // "zero-copy", or "copied: misaligned by 3 bytes for alignment 8"
  std::string why() const {
    if (reason_ == copy_reason::none) return "zero-copy";
    if (reason_ == copy_reason::not_contiguous) return "copied: the format stores the elements one by one";
    if (reason_ == copy_reason::converted) return "copied: stored as " + std::string(dtype_name(stored_));
    if (reason_ == copy_reason::decoded) return "copied: decoded from text";
    return "copied: misaligned by " + std::to_string(misaligned_by_) + " bytes for alignment " + std::to_string(alignof(T));
  }

 private:
  static constexpr std::size_t inline_capacity = sizeof(T) <= 64 ? 64 / sizeof(T) : 1;
  union small_storage {
    small_storage() noexcept {}  // left uninitialized: only the copied elements are ever read
    T items[inline_capacity];
  };
  std::unique_ptr<T[]> heap_;
  tensor_view<const T, Rank> view_;
  std::size_t count_ = 0;
  copy_reason reason_ = copy_reason::none;
  std::size_t misaligned_by_ = 0;
  dtype stored_ = dtype_of<T>;
  small_storage small_;
};

}  // namespace prism
