import type { AreaRoutes } from '../../router/areaRoutes'

/** The counter's screens; assembled in router/index.ts. */
export const counterRoutes: AreaRoutes = {
  views: {
    newBooking: () => import('./views/NewBookingView.vue'),
    bookings: () => import('./views/BookingsView.vue'),
    syncCentre: () => import('./views/SyncCentreView.vue'),
  },
  subScreens: [
    {
      path: 'counter/bookings/:id/edit',
      name: 'bookingEdit',
      meta: { area: 'bookings' },
      component: () => import('./views/NewBookingView.vue'),
      props: (route) => ({ id: String(route.params.id) }),
    },
  ],
}
