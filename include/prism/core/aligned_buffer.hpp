#pragma once
// A byte buffer whose data starts at a 64-byte boundary. zbin places every numeric array of 64
// bytes or more at a 64-byte offset of its message, so a message written into (or received
// into) an aligned_buffer has all of them 64-byte aligned in memory: zero-copy for any element
// type and aligned for the widest SIMD loads.
//
//   prism::aligned_buffer out;
//   prism::write<prism::zbin>(frame, out);
//   auto image = prism::view<prism::zbin>(out)["image"].as_tensor<const std::uint8_t, 3>();
//
// Growing it default-initializes the new bytes (no zero-fill of what a writer is about to
// overwrite): bytes past what was written or copied in hold unspecified values.
#include <cstddef>
#include <limits>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace prism {

template <class T, std::size_t Alignment = 64>
class aligned_allocator {
  static_assert(Alignment >= alignof(T) && (Alignment & (Alignment - 1)) == 0, "a power of two, at least alignof(T)");

 public:
  using value_type = T;
  using is_always_equal = std::true_type;
  template <class U>
  struct rebind {
    using other = aligned_allocator<U, Alignment>;
  };

  constexpr aligned_allocator() noexcept = default;
  template <class U>
  constexpr aligned_allocator(const aligned_allocator<U, Alignment>&) noexcept {}

  [[nodiscard]] T* allocate(std::size_t n) {
    if (n > std::numeric_limits<std::size_t>::max() / sizeof(T)) throw std::bad_array_new_length();
    return static_cast<T*>(::operator new(n * sizeof(T), std::align_val_t{Alignment}));
  }
  // Unsized: clang declares the sized aligned delete only with -fsized-deallocation.
  void deallocate(T* p, std::size_t) noexcept { ::operator delete(p, std::align_val_t{Alignment}); }

  // resize() default-initializes: trivial element types are left as they are.
  template <class U>
  void construct(U* p) noexcept(std::is_nothrow_default_constructible_v<U>) {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }

  template <class U>
  friend constexpr bool operator==(const aligned_allocator&, const aligned_allocator<U, Alignment>&) noexcept {
    return true;
  }
};

using aligned_buffer = std::vector<std::byte, aligned_allocator<std::byte, 64>>;

}  // namespace prism
