/** The first-run tour of each station (shell/tour), in English. */
const tour = {
  tour: {
    skip: 'Skip',
    next: 'Next',
    previous: 'Back',
    done: 'Got it',
    progress: '{current} of {total}',
    keysHint: 'Arrows or Enter to go on, Esc to leave',
    replay: 'Show the tour again',
    replayHint: 'A short walk through the first screen of this computer.',
    replayNeedsStation: 'First choose what this computer is for.',
    counter: {
      scan: {
        title: 'The scan box',
        body: 'Scan here, or type a code or a name and press Enter. [5*CODE] adds five. The cursor comes back here after every scan.',
      },
      lines: {
        title: 'The lines',
        body: 'Every scanned item shows up here. Change the quantity from the keyboard; [Del] in the empty scan box removes the last line and [Ctrl+Z] brings it back.',
      },
      save: {
        title: 'Save',
        body: '[Ctrl+Enter] saves the booking; [Ctrl+S] saves it as a draft. If something is missing, the cursor goes to that field.',
      },
      status: {
        title: 'Connection',
        body: 'Here you see whether the service answers. Offline you can keep working: a banner at the top counts the bookings waiting, which are sent by themselves.',
      },
      sync: { title: 'Sync', body: 'What is waiting to be sent or was refused. Click here to open the sync centre and see each booking.' },
      keys: {
        title: 'The keyboard',
        body: 'Press [F1] (or [?]) on any screen to see its keys. From there, or from Settings, you can see this tour again.',
      },
    },
    warehouse: {
      tabs: {
        title: 'Bookings by state',
        body: 'To ship, in transit (going out and coming in) and delivered. Keys [1] to [4] switch tabs.',
      },
      scan: {
        title: 'Scan a slip',
        body: 'Scan the barcode of a slip to open that booking. Then scan the items to tick its lines; [Enter] ships it.',
      },
      view: { title: 'Cards or list', body: 'Cards show each booking with its lines; the list shows more bookings at once.' },
      ship: {
        title: 'Ship',
        body: 'Each booking has its "Ship" button. You can also tick several and ship them together; you are asked to confirm first.',
      },
      keys: {
        title: 'The keyboard',
        body: 'Press [F1] (or [?]) to see the keys of each screen and [F5] to read the bookings again. This tour can be seen again from F1 or Settings.',
      },
    },
    backOffice: {
      menu: { title: 'The menu', body: "This computer's areas, in its order. [Alt+number] opens each from any screen." },
      catalogue: {
        title: 'Catalogue',
        body: 'Items and bundles, with their price, stock and pictures. Search by code or name; changes are saved to the service.',
      },
      purchasing: { title: 'Purchasing', body: 'Purchase consolidates and goods receptions: record what arrives against each order.' },
      admin: {
        title: 'Administration',
        body: 'Profile, company, document structures, dynamic tables and the GraphQL console. On counter and warehouse computers this group stays folded.',
      },
      keys: {
        title: 'The keyboard',
        body: 'Press [F1] (or [?]) to see the keys of each screen. This tour can be seen again from F1 or Settings.',
      },
    },
  },
}

export default tour
